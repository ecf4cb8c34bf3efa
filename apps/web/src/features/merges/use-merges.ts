import type { MergeCreate, MergePatch } from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createMerge,
  deleteMerge,
  fetchMerge,
  fetchMergeResults,
  fetchMerges,
  type MergeFilters,
  mergeKeys,
  patchMerge,
  searchIssues,
} from './api';

export function useMerges(teamId: number, filters: MergeFilters, enabled = true) {
  return useQuery({
    queryKey: mergeKeys.list(teamId, filters),
    queryFn: ({ signal }) => fetchMerges(teamId, filters, signal),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useMerge(id: number) {
  return useQuery({
    queryKey: mergeKeys.one(id),
    queryFn: ({ signal }) => fetchMerge(id, signal),
    retry: false,
  });
}

export function useMergeResults(id: number, enabled: boolean, normalised = false) {
  return useQuery({
    queryKey: mergeKeys.results(id, normalised),
    queryFn: ({ signal }) => fetchMergeResults(id, normalised, signal),
    enabled,
    retry: false,
  });
}

export function useIssueSearch(teamId: number, search: string) {
  return useQuery({
    queryKey: mergeKeys.search(teamId, search),
    queryFn: ({ signal }) => searchIssues(teamId, search, signal),
    placeholderData: keepPreviousData,
  });
}

/** Create, update and delete, each refreshing the lists and the merge's own data. */
export function useMergeMutations() {
  const client = useQueryClient();
  const refresh = (id?: number) => {
    void client.invalidateQueries({ queryKey: mergeKeys.all });
    if (id) void client.invalidateQueries({ queryKey: mergeKeys.one(id) });
  };
  return {
    create: useMutation({
      mutationFn: (input: MergeCreate) => createMerge(input),
      onSuccess: (merge) => refresh(merge.id),
    }),
    update: useMutation({
      mutationFn: ({ id, patch }: { id: number; patch: MergePatch }) => patchMerge(id, patch),
      onSuccess: (merge) => refresh(merge.id),
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteMerge(id), onSuccess: () => refresh() }),
  };
}
