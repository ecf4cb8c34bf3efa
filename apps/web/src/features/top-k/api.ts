import type { MergeTopKQuery, TopK, TopKQuery } from '@shortlist/contract';
import { apiGet } from '../../lib/api-client';

/** Whose top k: a selection under its report's filters, or a merge. */
export type TopKSource =
  | { kind: 'issue'; id: number; query: Omit<TopKQuery, 'k' | 'seed'> }
  | { kind: 'merge'; id: number; query: Omit<MergeTopKQuery, 'k' | 'seed'> };

export const topKKey = (source: TopKSource, k: number) =>
  ['top-k', source.kind, source.id, source.query, k] as const;

export const fetchTopK = (source: TopKSource, k: number, signal?: AbortSignal) =>
  apiGet<TopK>(
    source.kind === 'issue' ? `issues/${source.id}/top-k/` : `issues-merge/${source.id}/top-k/`,
    { ...source.query, k },
    signal,
  );
