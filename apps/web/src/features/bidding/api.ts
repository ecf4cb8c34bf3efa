import type { Bid, Bidding, BidItem, Expertise, Page } from '@shortlist/contract';
import { apiRequest } from '../../lib/api-client';
import { withToken } from '../judging/api';

/** A judge's bidding page reads and writes with their link's token (`?token=`), like the answer page. */
export interface BidItemsFilters {
  offset: number;
  limit: number;
  search?: string;
}

export const biddingKeys = {
  all: (issueId: number, token: string | null) => ['bidding', issueId, token ?? ''] as const,
  state: (issueId: number, token: string | null) => [...biddingKeys.all(issueId, token), 'state'] as const,
  expertise: (issueId: number, token: string | null) =>
    [...biddingKeys.all(issueId, token), 'expertise'] as const,
  items: (issueId: number, token: string | null, filters: BidItemsFilters) =>
    [...biddingKeys.all(issueId, token), 'items', filters] as const,
};

export const fetchBidding = (issueId: number, token: string | null, signal?: AbortSignal) =>
  apiRequest<Bidding>(`issues/${issueId}/bidding/`, { query: withToken(token), signal });

/** The judge's own expertise: the one row of their page of it. */
export const fetchOwnExpertise = async (issueId: number, token: string | null, signal?: AbortSignal) =>
  (await apiRequest<Page<Expertise>>(`issues/${issueId}/expertise/`, { query: withToken(token), signal }))
    .results[0] ?? null;

export const saveOwnExpertise = (issueId: number, token: string | null, text: string) =>
  apiRequest<Expertise>(`issues/${issueId}/expertise/`, {
    method: 'PUT',
    query: withToken(token),
    body: { text },
  });

export const fetchBidItems = (
  issueId: number,
  token: string | null,
  filters: BidItemsFilters,
  signal?: AbortSignal,
) =>
  apiRequest<Page<BidItem>>(`issues/${issueId}/bid_items/`, {
    query: { ...withToken(token), ...filters },
    signal,
  });

/** Places the judge's bid on an item, or withdraws it (null: no opinion). */
export const setOwnBid = (issueId: number, token: string | null, dataset: number, bid: Bid | null) =>
  bid
    ? apiRequest<unknown>(`issues/${issueId}/bids/`, {
        method: 'POST',
        query: withToken(token),
        body: { dataset, bid },
      })
    : apiRequest<void>(`issues/${issueId}/bids/`, {
        method: 'DELETE',
        query: { ...withToken(token), dataset: String(dataset) },
      });
