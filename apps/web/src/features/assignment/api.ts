import type {
  AffinityUploadResult,
  AssignmentPair,
  AssignmentPatch,
  AssignmentQuality,
  Bidding,
  BiddingPut,
  BiddingRemindResult,
  Page,
} from '@shortlist/contract';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';

export interface PairFilters {
  offset: number;
  limit: number;
}

export const assignmentKeys = {
  all: (issueId: number) => ['issue', issueId, 'assignment'] as const,
  bidding: (issueId: number) => [...assignmentKeys.all(issueId), 'bidding'] as const,
  quality: (issueId: number) => [...assignmentKeys.all(issueId), 'quality'] as const,
  pairs: (issueId: number, filters: PairFilters) =>
    [...assignmentKeys.all(issueId), 'pairs', filters] as const,
};

export const fetchBidding = (issueId: number, signal?: AbortSignal) =>
  apiGet<Bidding>(`issues/${issueId}/bidding/`, undefined, signal);
export const saveBidding = (issueId: number, body: BiddingPut) =>
  apiRequest<Bidding>(`issues/${issueId}/bidding/`, { method: 'PUT', body });
export const remindBidders = (issueId: number) =>
  apiPost<BiddingRemindResult>(`issues/${issueId}/bidding/remind/`, {});

export const uploadAffinities = (issueId: number, csv: string) =>
  apiPost<AffinityUploadResult>(`issues/${issueId}/affinities/`, { csv });
export const clearAffinities = (issueId: number) =>
  apiRequest<void>(`issues/${issueId}/affinities/`, { method: 'DELETE' });

export const fetchQuality = (issueId: number, signal?: AbortSignal) =>
  apiGet<AssignmentQuality>(`issues/${issueId}/assignment/quality/`, undefined, signal);
export const fetchPairs = (issueId: number, filters: PairFilters, signal?: AbortSignal) =>
  apiGet<Page<AssignmentPair>>(`issues/${issueId}/assignment/`, { ...filters }, signal);
/** Hand adjustments; the server answers with the quality after them. */
export const patchAssignment = (issueId: number, body: AssignmentPatch) =>
  apiRequest<AssignmentQuality>(`issues/${issueId}/assignment/`, { method: 'PATCH', body });
