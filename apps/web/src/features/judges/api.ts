import {
  type AccessDataset,
  type AssignAccess,
  type AssignAccessResult,
  type Conflict,
  type ConflictCreate,
  type CopyAccess,
  type InvitationPreview,
  type InviteAll,
  type InviteAllResult,
  type Judge,
  type JudgeAccessResult,
  type JudgeStatus,
  MAX_PAGE_SIZE,
  type Page,
  type SendInvitation,
  type SendInvitationResult,
  type SetAccessResult,
  type SetDatasetsAccess,
} from '@shortlist/contract';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';

export interface JudgeFilters {
  offset: number;
  limit: number;
  search?: string;
  status?: JudgeStatus;
}

/** `GET invitation_preview/`'s query as the dialog sends it. */
export interface InvitationPreviewQuery {
  user: number;
  message?: string;
}

export interface AccessDatasetFilters {
  offset: number;
  limit: number;
  search?: string;
}

export const judgeKeys = {
  all: (issueId: number) => ['issue', issueId, 'judges'] as const,
  list: (issueId: number, filters: JudgeFilters) => [...judgeKeys.all(issueId), 'list', filters] as const,
  datasets: (issueId: number, userId: number, filters: AccessDatasetFilters) =>
    [...judgeKeys.all(issueId), 'datasets', userId, filters] as const,
  preview: (issueId: number, query: InvitationPreviewQuery) =>
    [...judgeKeys.all(issueId), 'preview', query] as const,
  conflicts: (issueId: number, userIds: number[]) =>
    [...judgeKeys.all(issueId), 'conflicts', userIds] as const,
};

export const fetchJudges = (issueId: number, filters: JudgeFilters, signal?: AbortSignal) =>
  apiGet<Page<Judge>>(`issues/${issueId}/judges/`, { ...filters }, signal);
export const fetchAccessDatasets = (
  issueId: number,
  userId: number,
  filters: AccessDatasetFilters,
  signal?: AbortSignal,
) => apiGet<Page<AccessDataset>>(`issues/${issueId}/access_datasets/`, { user: userId, ...filters }, signal);

export const addJudges = (issueId: number, emails: string[]) =>
  apiPost<SetAccessResult>(`issues/${issueId}/set_access/`, { emails, access: true });
export const removeJudge = (issueId: number, userId: number) =>
  apiPost<SetAccessResult>(`issues/${issueId}/set_access/`, { user: userId, access: false });
export const setDatasetsAccess = (issueId: number, input: SetDatasetsAccess) =>
  apiPost<JudgeAccessResult>(`issues/${issueId}/set_datasets_access/`, input);
export const copyAccess = (issueId: number, input: CopyAccess) =>
  apiPost<JudgeAccessResult>(`issues/${issueId}/copy_access/`, input);
export const assignAccess = (issueId: number, input: AssignAccess) =>
  apiPost<AssignAccessResult>(`issues/${issueId}/assign_access/`, input);
export const sendInvitation = (issueId: number, input: SendInvitation) =>
  apiPost<SendInvitationResult>(`issues/${issueId}/send_invitation/`, input);
/** The mail the judge would get now, in their language, rendered by the server without sending it. */
export const fetchInvitationPreview = (
  issueId: number,
  query: InvitationPreviewQuery,
  signal?: AbortSignal,
) => apiGet<InvitationPreview>(`issues/${issueId}/invitation_preview/`, { ...query }, signal);
export const inviteAll = (issueId: number, input: InviteAll) =>
  apiPost<InviteAllResult>(`issues/${issueId}/invite_all/`, input);

/** The conflicts of interest of some judges (a page of them: at most MAX_PAGE_SIZE). */
export const fetchConflicts = (issueId: number, userIds: number[], signal?: AbortSignal) =>
  apiGet<Page<Conflict>>(
    `issues/${issueId}/conflicts/`,
    { users: userIds.join(','), limit: MAX_PAGE_SIZE },
    signal,
  );
export const setConflict = (issueId: number, input: ConflictCreate) =>
  apiPost<Conflict>(`issues/${issueId}/conflicts/`, input);
export const clearConflict = (issueId: number, input: { dataset: number; user: number }) =>
  apiRequest<void>(`issues/${issueId}/conflicts/`, { method: 'DELETE', query: input });
