import type { ReviewStatusCreate } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createReviewStatus,
  deleteReviewStatus,
  fetchReviewStatuses,
  reviewKeys,
  updateReviewStatus,
} from './api';

/** The team's review statuses, by label. */
export function useReviewStatuses(teamId: number) {
  return useQuery({
    queryKey: reviewKeys.statuses(teamId),
    queryFn: ({ signal }) => fetchReviewStatuses(teamId, signal),
    select: (page) => page.results,
  });
}

/** Create (no id), change (an id) or delete a status; items refresh since they show its colours. */
export function useReviewStatusMutations(teamId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: reviewKeys.statuses(teamId) }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.datasets }),
    ]);
  return {
    save: useMutation({
      mutationFn: ({ id, ...values }: { id?: number } & Omit<ReviewStatusCreate, 'team'>) =>
        id === undefined ? createReviewStatus({ ...values, team: teamId }) : updateReviewStatus(id, values),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: deleteReviewStatus, onSuccess }),
  };
}
