import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import {
  addReviewComment,
  createReview,
  deleteReviewComment,
  fetchReview,
  reviewKeys,
  updateReview,
} from './api';

export interface ReviewTarget {
  datasetId: number;
  issueId: number | null;
  /** The item's review as the items table knows it; undefined until one exists. */
  reviewId: number | undefined;
}

/**
 * The review of one item (in one selection) and what changes it. The first change creates the
 * review; its id is kept so that a second change before the table reloads updates it instead.
 */
export function useReview({ datasetId, issueId, reviewId }: ReviewTarget, { withComments = false } = {}) {
  const queryClient = useQueryClient();
  const [createdId, setCreatedId] = useState<number>();
  const id = reviewId ?? createdId;
  const key = reviewKeys.reviews(datasetId, issueId);

  const review = useQuery({
    queryKey: key,
    queryFn: ({ signal }) => fetchReview(datasetId, issueId, signal),
    enabled: withComments && id !== undefined,
  });

  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: key }),
      queryClient.invalidateQueries({ queryKey: reviewKeys.datasets }),
    ]);

  /** The review's id, creating it with `statusId` when the item has none yet. */
  const ensureReview = async (statusId: number | null = null) => {
    if (id !== undefined) return id;
    const created = await createReview({ data_set_id: datasetId, issue_id: issueId, status_id: statusId });
    setCreatedId(created.id);
    return created.id;
  };

  return {
    id,
    review,
    setStatus: useMutation({
      mutationFn: async (statusId: number | null) => {
        if (id === undefined) return ensureReview(statusId);
        return (await updateReview(id, statusId)).id;
      },
      onSuccess: refresh,
    }),
    addComment: useMutation({
      mutationFn: async (content: string) => addReviewComment(await ensureReview(), content),
      onSuccess: refresh,
    }),
    deleteComment: useMutation({
      mutationFn: (commentId: number) => deleteReviewComment(id ?? 0, commentId),
      onSuccess: refresh,
    }),
  };
}
