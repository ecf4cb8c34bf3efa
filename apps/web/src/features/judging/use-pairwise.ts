import type { PairwiseState, PairwiseVote } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ApiError, apiRequest } from '../../lib/api-client';

const withToken = (token: string | null) => (token ? { token } : undefined);
const pairKey = (issueId: number, token: string | null) => ['pairwise', issueId, token ?? ''] as const;

/** The pair on the judge's screen; the server chooses it, so it is read once and replaced by each vote. */
export function usePairwiseState(issueId: number, token: string | null) {
  return useQuery({
    queryKey: pairKey(issueId, token),
    queryFn: () => apiRequest<PairwiseState>(`issues/${issueId}/pairwise/`, { query: withToken(token) }),
    retry: false,
    refetchOnWindowFocus: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

/** A vote or skip; the reply is the next pair. A pair changed elsewhere (another tab) reloads the current one. */
export function usePairwiseVote(issueId: number, token: string | null) {
  const queryClient = useQueryClient();
  const key = pairKey(issueId, token);
  return useMutation({
    mutationFn: (vote: PairwiseVote) =>
      apiRequest<PairwiseState>(`issues/${issueId}/pairwise/vote/`, {
        method: 'POST',
        query: withToken(token),
        body: vote,
      }),
    onSuccess: (state) => queryClient.setQueryData(key, state),
    onError: (error) => {
      if (error instanceof ApiError && error.status === 409)
        void queryClient.invalidateQueries({ queryKey: key });
    },
  });
}
