import { DEFAULT_PAGE_SIZE, MAX_PAGE_SIZE, type Page } from '@shortlist/contract';
import { apiGet, type QueryValue } from './api-client';

export interface PageParams {
  page: number;
  pageSize?: number;
}

/** Page numbers (from 1, as the tables show them) to the API's offset and limit. */
export function toOffsetLimit({ page, pageSize = DEFAULT_PAGE_SIZE }: PageParams) {
  return { offset: Math.max(0, page - 1) * pageSize, limit: pageSize };
}

/** Reads a 1-based page number from the query string; anything invalid is page 1. */
export function parsePage(value: string | null): number {
  const page = Number(value);
  return Number.isInteger(page) && page > 0 ? page : 1;
}

/** Loads every page of a list, MAX_PAGE_SIZE at a time. */
export async function fetchAllPages<T>(path: string, query: Record<string, QueryValue> = {}): Promise<T[]> {
  const results: T[] = [];
  for (let offset = 0; ; offset += MAX_PAGE_SIZE) {
    const page = await apiGet<Page<T>>(path, { ...query, offset, limit: MAX_PAGE_SIZE });
    results.push(...page.results);
    if (!page.next || page.results.length === 0) return results;
  }
}
