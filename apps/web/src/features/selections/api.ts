import {
  ISSUE_DATASETS_BATCH_MAX,
  type Issue,
  type IssueCreate,
  type IssueListItem,
  type IssuePatch,
  type IssueQuestion,
  type IssueQuestionCreate,
  type IssueQuestionPatch,
  type Page,
} from '@shortlist/contract';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

/** The list's query without the team, as the list page sends it. */
export interface IssueFilters {
  offset: number;
  limit: number;
  search?: string;
  tags?: string;
  status?: 'open' | 'closed';
  public?: boolean;
}

export const issueKeys = {
  all: ['issues'] as const,
  list: (teamId: number, filters: IssueFilters) => ['issues', teamId, 'list', filters] as const,
  one: (id: number) => ['issue', id] as const,
};

export const fetchIssues = (teamId: number, filters: IssueFilters, signal?: AbortSignal) =>
  apiGet<Page<IssueListItem>>('issues/', { team: teamId, ...filters }, signal);
export const fetchIssue = (id: number, signal?: AbortSignal) =>
  apiGet<Issue>(`issues/${id}/`, undefined, signal);
export const createIssue = (input: IssueCreate) => apiPost<Issue>('issues/', input);
export const patchIssue = (id: number, patch: IssuePatch) => apiPatch<Issue>(`issues/${id}/`, patch);
export const deleteIssue = (id: number) => apiDelete(`issues/${id}/`);
export const duplicateIssue = (id: number) => apiPost<Issue>(`issues/${id}/duplicate/`, {});

export const createQuestion = (input: IssueQuestionCreate) =>
  apiPost<IssueQuestion>('issue-questions/', input);
export const patchQuestion = (id: number, patch: IssueQuestionPatch) =>
  apiPatch<IssueQuestion>(`issue-questions/${id}/`, patch);
export const deleteQuestion = (id: number) => apiDelete(`issue-questions/${id}/`);

/**
 * Adds items to the selection, ISSUE_DATASETS_BATCH_MAX a request: "select all matching" reaches past it.
 * The server ignores items already in; a refused request stops the rest.
 */
export async function addIssueDatasets(id: number, datasets: number[]) {
  for (let start = 0; start < datasets.length; start += ISSUE_DATASETS_BATCH_MAX) {
    const chunk = datasets.slice(start, start + ISSUE_DATASETS_BATCH_MAX);
    await apiPost<{ datasets: number[] }>(`issues/${id}/datasets/`, { datasets: chunk });
  }
  return { datasets };
}
export const removeIssueDatasets = (id: number, datasets: number[]) =>
  apiPost<{ datasets: number[] }>(`issues/${id}/datasets/remove/`, { datasets });
