import type { ItemPath, PromoteBody, PromoteResult } from '@shortlist/contract';
import { apiGet, apiPost } from '../../lib/api-client';

/** Where items are promoted from: a selection's report or a merge's results. */
export type PromoteSource = { kind: 'issues' | 'issues-merge'; id: number };

export const roundKeys = {
  path: (datasetId: number) => ['item-path', datasetId] as const,
};

export const promoteItems = (source: PromoteSource, body: PromoteBody) =>
  apiPost<PromoteResult>(`${source.kind}/${source.id}/promote/`, body);

export const fetchItemPath = (datasetId: number, signal?: AbortSignal) =>
  apiGet<ItemPath>(`datasets/${datasetId}/path/`, undefined, signal);
