import type { IssueListItem, Merge, MergeCreate, MergePatch, MergeResults, Page } from '@shortlist/contract';
import { ISSUES_SEARCH_LIMIT } from '@shortlist/contract';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

export interface MergeFilters {
  offset: number;
  limit: number;
  tags?: string;
}

export const mergeKeys = {
  all: ['merges'] as const,
  list: (teamId: number, filters: MergeFilters) => ['merges', teamId, 'list', filters] as const,
  one: (id: number) => ['merge', id] as const,
  results: (id: number, normalised = false) => ['merge', id, 'results', normalised] as const,
  search: (teamId: number, search: string) => ['merges', teamId, 'issue-search', search] as const,
};

export const fetchMerges = (teamId: number, filters: MergeFilters, signal?: AbortSignal) =>
  apiGet<Page<Merge>>('issues-merge/', { team: teamId, ...filters }, signal);
export const fetchMerge = (id: number, signal?: AbortSignal) =>
  apiGet<Merge>(`issues-merge/${id}/`, undefined, signal);
export const fetchMergeResults = (id: number, normalised: boolean, signal?: AbortSignal) =>
  apiGet<MergeResults>(
    `issues-merge/${id}/results/`,
    normalised ? { normalised: 'true' } : undefined,
    signal,
  );
export const createMerge = (input: MergeCreate) => apiPost<Merge>('issues-merge/', input);
export const patchMerge = (id: number, patch: MergePatch) => apiPatch<Merge>(`issues-merge/${id}/`, patch);
export const deleteMerge = (id: number) => apiDelete(`issues-merge/${id}/`);

/** The merge form's selection search: the team's selections matching the text, 5 at most. */
export const searchIssues = (teamId: number, search: string, signal?: AbortSignal) =>
  apiGet<Page<IssueListItem>>('issues/', { team: teamId, search, limit: ISSUES_SEARCH_LIMIT }, signal);
