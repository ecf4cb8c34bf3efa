import { apiGet, buildUrl, type QueryValue } from './api-client';

/** The same request whatever the order of its query. */
const sameRequest = (a: string, b: string) => {
  const [left, right] = [new URL(a, window.location.origin), new URL(b, window.location.origin)];
  left.searchParams.sort();
  right.searchParams.sort();
  return left.pathname === right.pathname && left.search === right.search;
};

/**
 * A public page's first GET: the reply that the server wrote into index.html for it when there is one
 * (apps/server/src/http/first-reply.ts: the same request, made without the visitor's token, so only for
 * requests whose reply the URL alone decides), else the API. Taken once: a later request of the page
 * (after a submission, say) goes to the API.
 */
export function getFirst<T>(
  path: string,
  query?: Record<string, QueryValue>,
  signal?: AbortSignal,
): Promise<T> {
  const slot = document.getElementById('first-reply');
  const url = slot?.dataset.url;
  if (slot && url && sameRequest(url, buildUrl(path, query))) {
    slot.remove();
    return Promise.resolve(JSON.parse(slot.textContent ?? '') as T);
  }
  return apiGet<T>(path, query, signal);
}
