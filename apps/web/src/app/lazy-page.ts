import type { ComponentType } from 'react';

/**
 * A route whose page is its own chunk, fetched when the route is first visited: a public form never
 * downloads the admin screens.
 */
export function lazyComponent(load: () => Promise<ComponentType>) {
  return { lazy: async () => ({ Component: await load() }) };
}

/** `lazyComponent` of a module's export `name`. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazyComponent(async () => (await load())[name]);
}
