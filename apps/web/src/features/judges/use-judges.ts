import type {
  AssignAccess,
  CopyAccess,
  InviteAll,
  SendInvitation,
  SetDatasetsAccess,
} from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { issueKeys } from '../selections/api';
import {
  type AccessDatasetFilters,
  addJudges,
  assignAccess,
  copyAccess,
  fetchAccessDatasets,
  fetchInvitationPreview,
  fetchJudges,
  inviteAll,
  type JudgeFilters,
  judgeKeys,
  removeJudge,
  sendInvitation,
  setDatasetsAccess,
} from './api';

/** One page of the selection's judges; the previous page stays on screen while the next loads. */
export function useJudges(issueId: number, filters: JudgeFilters, isEnabled = true) {
  return useQuery({
    queryKey: judgeKeys.list(issueId, filters),
    queryFn: ({ signal }) => fetchJudges(issueId, filters, signal),
    enabled: isEnabled,
    placeholderData: keepPreviousData,
  });
}

export function useAccessDatasets(issueId: number, userId: number | null, filters: AccessDatasetFilters) {
  return useQuery({
    queryKey: judgeKeys.datasets(issueId, userId ?? 0, filters),
    queryFn: ({ signal }) => fetchAccessDatasets(issueId, userId ?? 0, filters, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/** The invitation as the judge would get it with this message; the last preview stays while the next loads. */
export function useInvitationPreview(issueId: number, userId: number | null, message: string) {
  const trimmed = message.trim();
  const query = { user: userId ?? 0, ...(trimmed ? { message: trimmed } : {}) };
  return useQuery({
    queryKey: judgeKeys.preview(issueId, query),
    queryFn: ({ signal }) => fetchInvitationPreview(issueId, query, signal),
    enabled: userId !== null,
    placeholderData: keepPreviousData,
  });
}

/** Every change to judges; each refreshes the judges list and the item checkboxes. */
export function useJudgeMutations(issueId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: judgeKeys.all(issueId) });
  return {
    add: useMutation({ mutationFn: (emails: string[]) => addJudges(issueId, emails), onSuccess }),
    remove: useMutation({ mutationFn: (userId: number) => removeJudge(issueId, userId), onSuccess }),
    setDatasets: useMutation({
      mutationFn: (input: SetDatasetsAccess) => setDatasetsAccess(issueId, input),
      onSuccess,
    }),
    copy: useMutation({ mutationFn: (input: CopyAccess) => copyAccess(issueId, input), onSuccess }),
    // Assigning also switches the selection to subsets: its own query is refreshed too.
    assign: useMutation({
      mutationFn: (input: AssignAccess) => assignAccess(issueId, input),
      onSuccess: () => queryClient.invalidateQueries({ queryKey: issueKeys.one(issueId) }),
    }),
    invite: useMutation({ mutationFn: (input: SendInvitation) => sendInvitation(issueId, input), onSuccess }),
    inviteAll: useMutation({ mutationFn: (input: InviteAll) => inviteAll(issueId, input), onSuccess }),
  };
}

export type JudgeMutations = ReturnType<typeof useJudgeMutations>;
