import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

/** A tab of its own for each test: its session storage and a reload that only counts. */
function stubWindow() {
  const session = new Map<string, string>();
  const reload = vi.fn();
  const assign = vi.fn();
  vi.stubGlobal('window', {
    sessionStorage: {
      getItem: (key: string) => session.get(key) ?? null,
      setItem: (key: string, value: string) => session.set(key, value),
      removeItem: (key: string) => session.delete(key),
    },
    location: { reload, assign },
  });
  return { reload, assign };
}

beforeEach(() => vi.resetModules());
afterEach(() => vi.unstubAllGlobals());

describe('isChunkLoadError', () => {
  it('knows each browser’s words for a chunk that could not be loaded, and nothing else', async () => {
    const { isChunkLoadError } = await import('./chunk-reload');
    for (const message of [
      'Failed to fetch dynamically imported module: http://x/assets/items-page-1a.js',
      'error loading dynamically imported module: http://x/assets/a.js',
      'Importing a module script failed.',
      'Unable to preload CSS for /assets/a.css',
    ]) {
      expect(isChunkLoadError(new TypeError(message)), message).toBe(true);
    }
    expect(isChunkLoadError(new TypeError("Cannot read properties of undefined (reading 'id')"))).toBe(false);
    expect(isChunkLoadError(null)).toBe(false);
  });
});

describe('reloadOntoNewBuild', () => {
  it('reloads once, then not again within the guard: a chunk that stays missing shows its error', async () => {
    const { reload } = stubWindow();
    const { reloadOntoNewBuild, RELOAD_GUARD_MS } = await import('./chunk-reload');
    expect(reloadOntoNewBuild(1_000_000)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(1);

    // The reloaded page is a new module instance reading the same tab's session.
    vi.resetModules();
    const again = await import('./chunk-reload');
    expect(again.reloadOntoNewBuild(1_000_000 + RELOAD_GUARD_MS - 1)).toBe(false);
    expect(reload).toHaveBeenCalledTimes(1);
    expect(again.reloadOntoNewBuild(1_000_000 + RELOAD_GUARD_MS)).toBe(true);
    expect(reload).toHaveBeenCalledTimes(2);
  });

  it('opens the page the router was heading to, whose chunk failed before the address changed', async () => {
    const { reload, assign } = stubWindow();
    const { followPendingNavigation, reloadOntoNewBuild } = await import('./chunk-reload');
    followPendingNavigation({
      state: { navigation: { location: { pathname: '/team/1/items', search: '?issue=4', hash: '' } } },
    });
    expect(reloadOntoNewBuild()).toBe(true);
    expect(assign).toHaveBeenCalledWith('/team/1/items?issue=4');
    expect(reload).not.toHaveBeenCalled();
  });
});
