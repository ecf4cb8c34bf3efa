import type { AssignAccess, AssignmentPatch } from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError } from '../../lib/api-client';
import { assignAccess, judgeKeys } from '../judges/api';
import { issueKeys } from '../selections/api';
import {
  assignmentKeys,
  clearAffinities,
  type ExpertiseFilters,
  fetchBidding,
  fetchExpertise,
  fetchPairs,
  fetchPlanner,
  fetchQuality,
  type PairFilters,
  patchAssignment,
  remindBidders,
  saveBidding,
  saveExpertise,
  seedExpertise,
  uploadAffinities,
} from './api';

export function useBidding(issueId: number) {
  return useQuery({
    queryKey: assignmentKeys.bidding(issueId),
    queryFn: ({ signal }) => fetchBidding(issueId, signal),
  });
}

/** The current pairs' quality; none (404 or no pairs) reads as null. */
export function useQuality(issueId: number, isEnabled = true) {
  return useQuery({
    queryKey: assignmentKeys.quality(issueId),
    enabled: isEnabled,
    queryFn: async ({ signal }) => {
      try {
        return await fetchQuality(issueId, signal);
      } catch (error) {
        if (error instanceof ApiError && error.status === 404) return null;
        throw error;
      }
    },
  });
}

export function usePairs(issueId: number, filters: PairFilters) {
  return useQuery({
    queryKey: assignmentKeys.pairs(issueId, filters),
    queryFn: ({ signal }) => fetchPairs(issueId, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function useExpertiseList(issueId: number, filters: ExpertiseFilters) {
  return useQuery({
    queryKey: assignmentKeys.expertise(issueId, filters),
    queryFn: ({ signal }) => fetchExpertise(issueId, filters, signal),
    placeholderData: keepPreviousData,
  });
}

export function usePlanner(issueId: number, target: number) {
  return useQuery({
    queryKey: assignmentKeys.planner(issueId, target),
    queryFn: ({ signal }) => fetchPlanner(issueId, target, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * Every change of the page: each one refreshes what it changes (the pairs, their quality, the judges'
 * lists of the access tab, whose items and counts follow the pairs).
 */
export function useAssignmentMutations(issueId: number) {
  const queryClient = useQueryClient();
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: assignmentKeys.all(issueId) }),
      queryClient.invalidateQueries({ queryKey: judgeKeys.all(issueId) }),
    ]);
  return {
    saveDeadline: useMutation({
      mutationFn: (deadline: string | null) => saveBidding(issueId, { deadline }),
      onSuccess: (bidding) => queryClient.setQueryData(assignmentKeys.bidding(issueId), bidding),
    }),
    remind: useMutation({ mutationFn: () => remindBidders(issueId) }),
    // A judge's text changes the affinities, hence the pairs' explanations and the quality.
    saveExpertise: useMutation({
      mutationFn: ({ user, text }: { user: number; text: string }) => saveExpertise(issueId, user, text),
      onSuccess: refresh,
    }),
    seed: useMutation({
      mutationFn: (overwrite: boolean) => seedExpertise(issueId, { overwrite }),
      onSuccess: refresh,
    }),
    upload: useMutation({ mutationFn: (csv: string) => uploadAffinities(issueId, csv), onSuccess: refresh }),
    clear: useMutation({ mutationFn: () => clearAffinities(issueId), onSuccess: refresh }),
    run: useMutation({
      mutationFn: (input: AssignAccess) => assignAccess(issueId, input),
      // Assigning also switches the selection to subsets: its own query is refreshed too.
      onSuccess: () =>
        Promise.all([refresh(), queryClient.invalidateQueries({ queryKey: issueKeys.one(issueId) })]),
    }),
    adjust: useMutation({
      mutationFn: (patch: AssignmentPatch) => patchAssignment(issueId, patch),
      onSuccess: (quality) => {
        queryClient.setQueryData(assignmentKeys.quality(issueId), quality);
        void queryClient.invalidateQueries({ queryKey: [...assignmentKeys.all(issueId), 'pairs'] });
        void queryClient.invalidateQueries({ queryKey: judgeKeys.all(issueId) });
      },
    }),
  };
}
