import type { IssueCreate, IssuePatch, IssueQuestionCreate, IssueQuestionPatch } from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { datasetKeys } from '../items/api';
import {
  addIssueDatasets,
  createIssue,
  createQuestion,
  deleteIssue,
  deleteQuestion,
  duplicateIssue,
  fetchIssues,
  type IssueFilters,
  issueKeys,
  patchIssue,
  patchQuestion,
  removeIssueDatasets,
} from './api';

/** One page of a team's selections; the previous page stays on screen while the next loads. */
export function useIssues(teamId: number, filters: IssueFilters, enabled = true) {
  return useQuery({
    queryKey: issueKeys.list(teamId, filters),
    queryFn: ({ signal }) => fetchIssues(teamId, filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

/** Every change to selections; each refreshes the lists, the open selection and the item tables. */
export function useIssueMutations() {
  const queryClient = useQueryClient();
  const refresh = async () => {
    await Promise.all([
      queryClient.invalidateQueries({ queryKey: issueKeys.all }),
      queryClient.invalidateQueries({ queryKey: ['issue'] }),
      queryClient.invalidateQueries({ queryKey: datasetKeys.all }),
    ]);
  };
  const onSuccess = () => void refresh();
  return {
    create: useMutation({ mutationFn: (input: IssueCreate) => createIssue(input), onSuccess }),
    patch: useMutation({
      mutationFn: ({ id, patch }: { id: number; patch: IssuePatch }) => patchIssue(id, patch),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteIssue(id), onSuccess }),
    duplicate: useMutation({ mutationFn: (id: number) => duplicateIssue(id), onSuccess }),
    createQuestion: useMutation({
      mutationFn: (input: IssueQuestionCreate) => createQuestion(input),
      onSuccess,
    }),
    patchQuestion: useMutation({
      mutationFn: ({ id, patch }: { id: number; patch: IssueQuestionPatch }) => patchQuestion(id, patch),
      onSuccess,
    }),
    removeQuestion: useMutation({ mutationFn: (id: number) => deleteQuestion(id), onSuccess }),
    addDatasets: useMutation({
      mutationFn: ({ id, datasets }: { id: number; datasets: number[] }) => addIssueDatasets(id, datasets),
      onSuccess,
    }),
    removeDatasets: useMutation({
      mutationFn: ({ id, datasets }: { id: number; datasets: number[] }) => removeIssueDatasets(id, datasets),
      onSuccess,
    }),
  };
}
