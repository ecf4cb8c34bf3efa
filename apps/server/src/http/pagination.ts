import { ID_MAX, type Page, type PageQuery } from '@shortlist/contract';
import { type SQLWrapper, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import { fieldErrors } from './errors.ts';

/** How a list knows its next page without its total, and where that page goes on from. */
export interface NextPage {
  /** The list read one row past the page: there is a next page. */
  hasMore: boolean;
  /** The `cursor` of the next link (its rows read after the page's last, decision 83). */
  cursor?: string;
}

/**
 * Builds the `{count, next, previous, results}` reply with absolute links that keep every other
 * query parameter, as Django REST framework's limit/offset paging did. A list that says whether more
 * rows follow (`next`) links on by that, not by its count, which may stop at a cap; its `next` link may
 * carry a cursor, which `previous` drops (a page before is read by its offset).
 */
export function toPage<T>(
  request: FastifyRequest,
  query: PageQuery,
  count: number,
  results: T[],
  next?: NextPage,
): Page<T> {
  const { offset, limit } = query;
  // The path as routed and the query as sent, rewritten as parameters alone: a `URL` would parse the
  // whole address again after each change, a tenth of a short list's Node time.
  const queryStart = request.url.indexOf('?');
  const path = queryStart < 0 ? request.url : request.url.slice(0, queryStart);
  const link = (newOffset: number, cursor?: string) => {
    const params = new URLSearchParams(queryStart < 0 ? '' : request.url.slice(queryStart + 1));
    params.set('limit', String(limit));
    if (newOffset > 0) params.set('offset', String(newOffset));
    else params.delete('offset');
    if (cursor) params.set('cursor', cursor);
    else params.delete('cursor');
    return `${request.protocol}://${request.host}${path}?${params}`;
  };
  const hasNext = next ? next.hasMore : offset + limit < count;
  return {
    count,
    next: hasNext ? link(offset + limit, next?.cursor) : null,
    previous: offset > 0 ? link(Math.max(0, offset - limit)) : null,
    results,
  };
}

/** A list's order and the last row of a page in it: where a `next` link goes on. */
interface CursorPosition {
  /** The order as the list applied it (`-create_time`): a cursor serves that order only. */
  ordering: string;
  /** The row's sort value in text, as the list's statement reads and casts it back. */
  key: string;
  id: number;
}

export function encodeCursor({ ordering, key, id }: CursorPosition): string {
  return Buffer.from(JSON.stringify([ordering, key, id])).toString('base64url');
}

/**
 * The row a cursor names in this order, its key one that `isKey` accepts (what the statement can cast);
 * anything else (edited, made for another order) is a 400 on `cursor`, never an error of the database.
 */
export function decodeCursor(
  text: string,
  ordering: string,
  isKey: (key: string) => boolean,
): Pick<CursorPosition, 'key' | 'id'> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(Buffer.from(text, 'base64url').toString());
  } catch {
    parsed = null;
  }
  if (Array.isArray(parsed) && parsed.length === 3) {
    const [cursorOrdering, key, id] = parsed as unknown[];
    const isId = typeof id === 'number' && Number.isInteger(id) && id > 0 && id <= ID_MAX;
    if (cursorOrdering === ordering && typeof key === 'string' && isKey(key) && isId) return { key, id };
  }
  throw fieldErrors({ cursor: ['Invalid cursor.'] });
}

/**
 * The list's total as a column of its page (`count` over the same conditions, without limit): PostgreSQL
 * runs it once per statement, and the page's own scan still stops at its limit, which a
 * `count(*) over ()` window would not (decision 48).
 */
export const totalOf = (countQuery: SQLWrapper) => sql<number>`(${countQuery})`.mapWith(Number);

/** An ILIKE pattern matching `text` anywhere, its `%`, `_` and `\` taken literally (as Django's icontains). */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, '\\$&')}%`;
}

/**
 * Turns `ordering=-title` into a column and a direction, accepting only the columns a list allows;
 * anything else falls back to the list's default.
 */
export function parseOrdering<K extends string>(
  ordering: string | undefined,
  allowed: readonly K[],
  fallback: `${'' | '-'}${K}`,
): { field: K; descending: boolean } {
  const wanted = ordering?.split(',')[0]?.trim() ?? '';
  const field = wanted.replace(/^-/, '') as K;
  const chosen = allowed.includes(field) ? wanted : fallback;
  return { field: chosen.replace(/^-/, '') as K, descending: chosen.startsWith('-') };
}
