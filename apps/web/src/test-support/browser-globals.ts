import { vi } from 'vitest';

/** The little of `window` that the client's non-React modules use, over a Map-backed localStorage. */
export function stubBrowser(origin = 'http://localhost:3000'): Map<string, string> {
  const store = new Map<string, string>();
  vi.stubGlobal('window', {
    location: { origin },
    localStorage: {
      getItem: (key: string) => store.get(key) ?? null,
      setItem: (key: string, value: string) => store.set(key, value),
      removeItem: (key: string) => store.delete(key),
    },
    addEventListener: () => {},
    removeEventListener: () => {},
  });
  return store;
}

/** A JSON reply as fetch would give it, with the API version header. */
export function jsonReply(status: number, body: unknown, version = '0.9.0'): Response {
  return new Response(body === undefined ? null : JSON.stringify(body), {
    status,
    headers: { 'content-type': 'application/json', 'x-api-version': version },
  });
}
