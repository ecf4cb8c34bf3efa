import type { ComponentType } from 'react';

/**
 * A route whose page is its own chunk, fetched when the route is first visited: a public form never
 * downloads the admin screens. `name` is the page's export.
 */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return { lazy: async () => ({ Component: (await load())[name] }) };
}
