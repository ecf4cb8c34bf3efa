import { STORAGE_KEYS } from '../../lib/config';
import { readStorage, writeStorage } from '../../lib/storage';

/**
 * A second missing chunk this soon after such a reload is not an old tab meeting a new build (the server
 * lacks the file): the error stays on screen instead of a reload loop.
 */
export const RELOAD_GUARD_MS = 30_000;

let isReloading = false;
/** A React Router data router, as far as the reload reads it: where a navigation under way is going. */
interface Navigating {
  state: { navigation: { location?: { pathname: string; search: string; hash: string } } };
}
/** A page's chunk fails before the address shows the page asked for: the reload goes there. */
let router: Navigating | null = null;

/** Lets the reload follow this router's navigation under way. */
export function followPendingNavigation(navigating: Navigating): void {
  router = navigating;
}

/** How browsers word a chunk of the build that could not be fetched or run (Chromium, Firefox, Safari, Vite). */
const CHUNK_ERROR =
  /dynamically imported module|Importing a module script failed|Failed to load module script|Unable to preload CSS/i;

/** Whether an error is a chunk of the build that could not be loaded, rather than a bug of the page. */
export function isChunkLoadError(error: unknown): boolean {
  const message = error instanceof Error ? error.message : typeof error === 'string' ? error : '';
  return CHUNK_ERROR.test(message);
}

/**
 * Reloads the page once onto the build the server now has, at the address asked for (path, query, tab: the
 * page being opened, or this one); what the pages keep in the browser (tokens, answer drafts, column
 * choices) outlives the reload. False when this tab already did so within RELOAD_GUARD_MS.
 */
export function reloadOntoNewBuild(now = Date.now()): boolean {
  if (isReloading) return true;
  const last = Number(readStorage(STORAGE_KEYS.chunkReload, 'sessionStorage') ?? 0);
  if (now - last < RELOAD_GUARD_MS) return false;
  writeStorage(STORAGE_KEYS.chunkReload, String(now), 'sessionStorage');
  isReloading = true;
  const target = router?.state.navigation.location;
  if (target) window.location.assign(`${target.pathname}${target.search}${target.hash}`);
  else window.location.reload();
  return true;
}

/** Whether the page is reloading onto the new build: the error page then shows a wait, not an error. */
export const isReloadingOntoNewBuild = () => isReloading;

/**
 * Vite dispatches `vite:preloadError` when a dynamic import or one of its files fails: after a release, an
 * open tab asks for chunks the server no longer has. The import still fails (the route's error page says
 * the page is reloading) while the browser reloads.
 */
export function installChunkReload(): void {
  window.addEventListener('vite:preloadError', () => {
    reloadOntoNewBuild();
  });
}
