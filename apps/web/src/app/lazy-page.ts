import type { ComponentType } from 'react';
import { isChunkLoadError, reloadOntoNewBuild } from './version/chunk-reload';

/**
 * A route whose page is its own chunk, fetched when the route is first visited: a public form never
 * downloads the admin screens. A chunk of an older build, gone after a release, reloads the tab once.
 */
export function lazyComponent(load: () => Promise<ComponentType>) {
  return {
    lazy: async () => {
      try {
        return { Component: await load() };
      } catch (error) {
        if (isChunkLoadError(error)) reloadOntoNewBuild();
        throw error;
      }
    },
  };
}

/** `lazyComponent` of a module's export `name`. */
export function lazyPage<K extends string>(load: () => Promise<Record<K, ComponentType>>, name: K) {
  return lazyComponent(async () => (await load())[name]);
}

/**
 * What a router's root shows while the first page's module and loaders come: nothing, as before, but
 * said, so that React Router does not warn on every first load ("No `HydrateFallback` element").
 */
export const NothingWhileFirstPageLoads = () => null;
