import {
  type Page,
  REVIEW_STATUSES_MAX,
  type Review,
  type ReviewComment,
  type ReviewStatus,
  type ReviewStatusCreate,
  type ReviewStatusPatch,
  type Tag,
  type TagCreate,
} from '@shortlist/contract';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { fetchAllPages } from '../../lib/paging';

export const reviewKeys = {
  statuses: (teamId: number) => ['teams', teamId, 'review-statuses'] as const,
  tags: (teamId: number) => ['teams', teamId, 'tags'] as const,
  reviews: (datasetId: number, issueId: number | null) => ['reviews', datasetId, issueId ?? 'null'] as const,
  /** The items table's queries: they carry each item's review. */
  datasets: ['datasets'] as const,
};

/** A team has at most REVIEW_STATUSES_MAX statuses: one page holds them all. */
export const fetchReviewStatuses = (teamId: number, signal?: AbortSignal) =>
  apiGet<Page<ReviewStatus>>('review-status/', { team: teamId, limit: REVIEW_STATUSES_MAX }, signal);
export const createReviewStatus = (status: ReviewStatusCreate) =>
  apiPost<ReviewStatus>('review-status/', status);
export const updateReviewStatus = (id: number, patch: ReviewStatusPatch) =>
  apiPatch<ReviewStatus>(`review-status/${id}/`, patch);
export const deleteReviewStatus = (id: number) => apiDelete(`review-status/${id}/`);

export const fetchTags = (teamId: number) => fetchAllPages<Tag>(`teams/${teamId}/tags/`);
export const createTag = (teamId: number, tag: TagCreate) => apiPost<Tag>(`teams/${teamId}/tags/`, tag);
export const deleteTag = (teamId: number, tagId: number) => apiDelete(`teams/${teamId}/tags/${tagId}/`);

/** The item's review (at most one per selection, or outside any), with its comments. */
export const fetchReview = async (datasetId: number, issueId: number | null, signal?: AbortSignal) =>
  (await apiGet<Page<Review>>('reviews/', { data_set: datasetId, issue: issueId ?? 'null' }, signal))
    .results[0] ?? null;
export const createReview = (review: {
  data_set_id: number;
  issue_id: number | null;
  status_id: number | null;
}) => apiPost<Review>('reviews/', review);
export const updateReview = (id: number, statusId: number | null) =>
  apiPatch<Review>(`reviews/${id}/`, { status_id: statusId });
export const addReviewComment = (reviewId: number, content: string) =>
  apiPost<ReviewComment>(`reviews/${reviewId}/comments/`, { content });
export const deleteReviewComment = (reviewId: number, commentId: number) =>
  apiDelete(`reviews/${reviewId}/comments/${commentId}/`);
