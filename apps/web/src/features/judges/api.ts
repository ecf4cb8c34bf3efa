import type {
  AccessDataset,
  AssignAccess,
  AssignAccessResult,
  CopyAccess,
  Judge,
  JudgeAccessResult,
  JudgeStatus,
  Page,
  SendInvitationResult,
  SetAccessResult,
  SetDatasetsAccess,
} from '@shortlist/contract';
import { apiGet, apiPost } from '../../app/api-client';

export interface JudgeFilters {
  offset: number;
  limit: number;
  search?: string;
  status?: JudgeStatus;
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
export const sendInvitation = (issueId: number, userId: number) =>
  apiPost<SendInvitationResult>(`issues/${issueId}/send_invitation/`, { user: userId });
