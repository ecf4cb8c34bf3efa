import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { jsonReply, stubBrowser } from '../test-support/browser-globals';

type FetchMock = ReturnType<typeof vi.fn<(url: string, init: RequestInit) => Promise<Response>>>;

async function loadClient() {
  vi.resetModules();
  const client = await import('./api-client');
  const versions = await import('./version/version-store');
  return { ...client, ...versions };
}

const authHeader = (init: RequestInit | undefined) =>
  (init?.headers as Record<string, string> | undefined)?.Authorization;

describe('apiRequest', () => {
  let store: Map<string, string>;
  let fetchMock: FetchMock;

  beforeEach(() => {
    store = stubBrowser();
    store.set('shortlist.access', 'old-access');
    store.set('shortlist.refresh', 'old-refresh');
    fetchMock = vi.fn<(url: string, init: RequestInit) => Promise<Response>>();
    vi.stubGlobal('fetch', fetchMock);
  });
  afterEach(() => vi.unstubAllGlobals());

  it('sends the bearer token under /api/v1 and returns the parsed body', async () => {
    const { apiGet } = await loadClient();
    fetchMock.mockResolvedValueOnce(jsonReply(200, { id: 1 }));
    await expect(apiGet('users/me/', { limit: 5, search: undefined })).resolves.toEqual({ id: 1 });
    const [url, init] = fetchMock.mock.calls[0] ?? [];
    expect(url).toBe('/api/v1/users/me/?limit=5');
    expect(authHeader(init)).toBe('Bearer old-access');
  });

  it('throws an ApiError carrying the status and the body', async () => {
    const { apiGet, ApiError } = await loadClient();
    fetchMock.mockResolvedValueOnce(jsonReply(404, { code: 'NOT_FOUND', detail: 'Not found.' }));
    const error = await apiGet('teams/9/').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(ApiError);
    expect(error).toMatchObject({ status: 404, code: 'NOT_FOUND' });
  });

  it('refreshes once for concurrent expired requests and retries them with the new token', async () => {
    const { apiGet } = await loadClient();
    fetchMock.mockImplementation(async (url, init) => {
      if (url === '/api/token/refresh/')
        return jsonReply(200, { access: 'new-access', refresh: 'new-refresh' });
      return authHeader(init) === 'Bearer new-access'
        ? jsonReply(200, { url })
        : jsonReply(401, { code: 'token_not_valid', detail: 'expired' });
    });
    const results = await Promise.all([apiGet('users/me/'), apiGet('teams/')]);
    expect(results).toEqual([{ url: '/api/v1/users/me/' }, { url: '/api/v1/teams/' }]);
    expect(fetchMock.mock.calls.filter(([url]) => url === '/api/token/refresh/')).toHaveLength(1);
    expect(store.get('shortlist.refresh')).toBe('new-refresh');
  });

  it('signs out and calls the unauthorized handler when the refresh fails', async () => {
    const { apiGet, setUnauthorizedHandler } = await loadClient();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockImplementation(async (url) =>
      url === '/api/token/refresh/'
        ? jsonReply(401, { code: 'token_not_valid', detail: 'spent' })
        : jsonReply(401, { code: 'token_not_valid', detail: 'expired' }),
    );
    await expect(apiGet('users/me/')).rejects.toMatchObject({ status: 401 });
    expect(onUnauthorized).toHaveBeenCalledOnce();
    expect(store.has('shortlist.access')).toBe(false);
    expect(store.has('shortlist.refresh')).toBe(false);
  });

  it('leaves a request carrying ignoreAxiosFail=1 alone', async () => {
    const { apiRequest, setUnauthorizedHandler } = await loadClient();
    const onUnauthorized = vi.fn();
    setUnauthorizedHandler(onUnauthorized);
    fetchMock.mockResolvedValueOnce(jsonReply(401, { code: 'no_active_account', detail: 'no' }));
    await expect(
      apiRequest('/api/token/', {
        method: 'POST',
        body: { username: 'a', password: 'b' },
        ignoreAuthFailure: true,
      }),
    ).rejects.toMatchObject({ status: 401, code: 'no_active_account' });
    expect(fetchMock).toHaveBeenCalledOnce();
    expect(fetchMock.mock.calls[0]?.[0]).toBe('/api/token/?ignoreAxiosFail=1');
    expect(onUnauthorized).not.toHaveBeenCalled();
    expect(store.get('shortlist.access')).toBe('old-access');
  });

  it('records the server version of replies and keeps the first mismatch', async () => {
    const { apiGet, getServerVersion } = await loadClient();
    for (const version of ['0.9.3', '1.0.0', '0.9.0']) {
      fetchMock.mockResolvedValueOnce(jsonReply(200, {}, version));
      await apiGet('users/me/');
      if (version === '0.9.3') expect(getServerVersion()).toBe('0.9.3');
    }
    expect(getServerVersion()).toBe('1.0.0');
  });
});
