import type {
  AffinityUploadResult,
  AssignmentPair,
  AssignmentPatch,
  AssignmentQuality,
  Bidding,
  BiddingPut,
  BiddingRemindResult,
  Expertise,
  ExpertiseSeed,
  ExpertiseSeedResult,
  Page,
  Planner,
} from '@shortlist/contract';
import { apiGet, apiPost, apiRequest } from '../../lib/api-client';

export interface PairFilters {
  offset: number;
  limit: number;
  /** Item title or number, judge name or e-mail. */
  search?: string;
}

/** The judges' expertise list: a page, and what its search box holds. */
export interface ExpertiseFilters {
  offset: number;
  limit: number;
  search?: string;
}

export const assignmentKeys = {
  all: (issueId: number) => ['issue', issueId, 'assignment'] as const,
  bidding: (issueId: number) => [...assignmentKeys.all(issueId), 'bidding'] as const,
  quality: (issueId: number) => [...assignmentKeys.all(issueId), 'quality'] as const,
  pairs: (issueId: number, filters: PairFilters) =>
    [...assignmentKeys.all(issueId), 'pairs', filters] as const,
  expertise: (issueId: number, filters?: ExpertiseFilters) =>
    [...assignmentKeys.all(issueId), 'expertise', ...(filters ? [filters] : [])] as const,
  planner: (issueId: number, target: number) => [...assignmentKeys.all(issueId), 'planner', target] as const,
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

export const fetchExpertise = (issueId: number, filters: ExpertiseFilters, signal?: AbortSignal) =>
  apiGet<Page<Expertise>>(`issues/${issueId}/expertise/`, { ...filters }, signal);
/** An admin writes a judge's expertise (`user`). */
export const saveExpertise = (issueId: number, user: number, text: string) =>
  apiRequest<Expertise>(`issues/${issueId}/expertise/`, { method: 'PUT', body: { user, text } });
export const seedExpertise = (issueId: number, body: ExpertiseSeed) =>
  apiPost<ExpertiseSeedResult>(`issues/${issueId}/expertise/seed/`, body);
export const fetchPlanner = (issueId: number, target: number, signal?: AbortSignal) =>
  apiGet<Planner>(`issues/${issueId}/judges_planner/`, { target }, signal);
