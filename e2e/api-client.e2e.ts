import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubBrowser } from './support/browser-globals.ts';
import { ADMIN, startServer } from './support/server.ts';

// The web client's API module, run in Node against the real server: only `window` (location and
// localStorage) is stood in for, and fetch is the real one with the server's origin prefixed.
let server: Awaited<ReturnType<typeof startServer>>;
let store: Map<string, string>;
let calls: string[];

beforeAll(async () => {
  server = await startServer();
});
afterAll(() => server?.stop());

beforeEach(() => {
  store = stubBrowser(server.url);
  calls = [];
  const realFetch = globalThis.fetch;
  vi.stubGlobal('fetch', (path: string, init?: RequestInit) => {
    calls.push(path);
    return realFetch(`${server.url}${path}`, init);
  });
  vi.resetModules();
});
afterEach(() => vi.unstubAllGlobals());

async function loadClient() {
  const client = await import('../apps/web/src/lib/api-client.ts');
  const versions = await import('../apps/web/src/lib/version/version-store.ts');
  const onUnauthorized = vi.fn();
  client.setUnauthorizedHandler(onUnauthorized);
  return { ...client, ...versions, onUnauthorized };
}

async function signIn() {
  const reply = await globalThis.fetch('/api/token/', {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ username: ADMIN.email, password: ADMIN.password }),
  });
  const pair = (await reply.json()) as { access: string; refresh: string };
  store.set('shortlist.access', pair.access);
  store.set('shortlist.refresh', pair.refresh);
  calls.length = 0;
  return pair;
}

const refreshCalls = () => calls.filter((path) => path === '/api/token/refresh/').length;

describe('the web API client against the real server', () => {
  it('sends the bearer token under /api/v1, returns the body and records the server version', async () => {
    const { apiGet, getServerVersion, isVersionMismatch } = await loadClient();
    await signIn();
    const me = await apiGet<{ email: string }>('users/me/');
    expect(me.email).toBe(ADMIN.email);
    expect(calls).toEqual(['/api/v1/users/me/']);
    expect(getServerVersion()).toMatch(/^0\.9\./);
    expect(isVersionMismatch(getServerVersion())).toBe(false);
  });

  it('throws an ApiError with the status and the body', async () => {
    const { apiGet, ApiError } = await loadClient();
    await signIn();
    const error = await apiGet('teams/999999/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', detail: 'Not found.' } });
  });

  it('asks for the interface’s language, in which the server writes its refusals', async () => {
    const { apiGet } = await loadClient();
    await signIn();
    document.documentElement.lang = 'fr';
    const error = await apiGet('teams/999999/').catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 404, body: { code: 'NOT_FOUND', detail: 'Introuvable.' } });
  });

  it('refreshes once for concurrent requests with an expired token, and retries them all', async () => {
    const { apiGet, onUnauthorized } = await loadClient();
    const pair = await signIn();
    store.set('shortlist.access', 'expired.or.forged');
    const replies = await Promise.all([apiGet('users/me/'), apiGet('teams/'), apiGet('teams/1/')]);
    expect(replies).toHaveLength(3);
    expect(refreshCalls()).toBe(1);
    expect(store.get('shortlist.refresh')).not.toBe(pair.refresh);
    expect(store.get('shortlist.access')).not.toBe('expired.or.forged');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it('signs out and calls the handler when the refresh is refused', async () => {
    const { apiGet, onUnauthorized, ApiError } = await loadClient();
    await signIn();
    store.set('shortlist.access', 'expired.or.forged');
    store.set('shortlist.refresh', 'spent.or.forged');
    const error = await apiGet('users/me/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(refreshCalls()).toBe(1);
    expect(store.has('shortlist.access')).toBe(false);
    expect(store.has('shortlist.refresh')).toBe(false);
    expect(onUnauthorized).toHaveBeenCalledOnce();
  });

  it('leaves a request carrying ignoreAxiosFail=1 alone', async () => {
    const { apiRequest, onUnauthorized } = await loadClient();
    await signIn();
    store.set('shortlist.access', 'expired.or.forged');
    const error = await apiRequest('users/me/', { ignoreAuthFailure: true }).catch((e: unknown) => e);
    expect(error).toMatchObject({ status: 401 });
    expect(calls).toEqual(['/api/v1/users/me/?ignoreAxiosFail=1']);
    expect(store.get('shortlist.access')).toBe('expired.or.forged');
    expect(onUnauthorized).not.toHaveBeenCalled();
  });

  it("takes the replies of a page's first requests, sent before the app ran, once each (early-requests.ts)", async () => {
    await signIn();
    Object.assign(window.location, { pathname: '/team/1/issue/999999/manage', search: '?tab=report' });
    await import('../apps/web/src/lib/early-requests.ts');
    expect(calls).toEqual([
      '/api/v1/users/me/',
      '/api/v1/teams/1/',
      '/api/v1/issues/999999/',
      '/api/v1/issues/999999/report_summary/',
    ]);
    const { apiGet } = await loadClient();
    calls.length = 0;
    const [me, team, missing] = await Promise.all([
      apiGet<{ email: string }>('users/me/'),
      apiGet<{ id: number }>('teams/1/'),
      apiGet('issues/999999/').catch((e: unknown) => e),
    ]);
    expect(me.email).toBe(ADMIN.email);
    expect(team.id).toBe(1);
    expect(missing).toMatchObject({ status: 404 });
    expect(calls).toEqual([]);
    await apiGet('users/me/');
    expect(calls).toEqual(['/api/v1/users/me/']);
  });

  it('asks again when the token changed since the first requests left', async () => {
    await signIn();
    Object.assign(window.location, { pathname: '/team/1/items', search: '' });
    await import('../apps/web/src/lib/early-requests.ts');
    expect(calls).toEqual([
      '/api/v1/users/me/',
      '/api/v1/teams/1/',
      '/api/v1/datasets/?team=1&offset=0&limit=20&ordering=-create_time',
    ]);
    // The early reply answered another token: the app asks again with its own (refused, then refreshed).
    store.set('shortlist.access', 'expired.or.forged');
    calls.length = 0;
    const { apiGet } = await loadClient();
    const me = await apiGet<{ email: string }>('users/me/');
    expect(me.email).toBe(ADMIN.email);
    expect(calls[0]).toBe('/api/v1/users/me/');
    expect(calls).toContain('/api/token/refresh/');
  });
});
