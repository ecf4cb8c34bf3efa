import { vi } from 'vitest';

/**
 * The little of `window` that the client's non-React modules use, over a Map-backed localStorage, and the
 * page's language (html lang), which the API client sends. `document.documentElement.lang` may be changed.
 */
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
  vi.stubGlobal('document', { documentElement: { lang: 'en' } });
  return store;
}
