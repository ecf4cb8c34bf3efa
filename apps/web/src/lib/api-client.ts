import { API_PREFIX, API_VERSION_HEADER, type TokenPair, toLanguage } from '@shortlist/contract';
import { clearTokens, getAccessToken, getRefreshToken, storeTokens } from './auth/token-storage';
import { IGNORE_AUTH_FAIL_PARAM } from './config';
import { takeEarlyReply } from './early-requests';
import { recordServerVersion } from './version/version-store';

/** A failed request: the HTTP status (0 when the network failed) and the parsed reply body. */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: unknown,
  ) {
    super(`API request failed with status ${status}`);
    this.name = 'ApiError';
  }

  /** The `code` of a business refusal or auth failure, if the body carries one. */
  get code(): string | undefined {
    const body = this.body as { code?: unknown } | null;
    return typeof body?.code === 'string' ? body.code : undefined;
  }
}

/** The interface's language (html lang, set with it): the server writes its refusals and field errors in it. */
export const interfaceLanguage = () => toLanguage(document.documentElement.lang);

export type QueryValue = string | number | boolean | null | undefined;

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
  /** Adds ignoreAxiosFail=1: a 401 on this request neither refreshes nor signs out. */
  ignoreAuthFailure?: boolean;
  /** Binary replies (spreadsheets): the body is returned as a Blob. */
  asBlob?: boolean;
  /** The request outlives the page (a draft saved as the judge leaves); its body must stay under 64 KB. */
  keepalive?: boolean;
}

type UnauthorizedHandler = () => void;
let onUnauthorized: UnauthorizedHandler = () => {};

/** The app decides where a signed-out user goes (login with next); set once at start-up. */
export function setUnauthorizedHandler(handler: UnauthorizedHandler): void {
  onUnauthorized = handler;
}

/** `users/me/` → `/api/v1/users/me/`; paths that already start with `/api/` are kept. */
export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = path.startsWith('/api/') ? path : `${API_PREFIX}/${path.replace(/^\//, '')}`;
  const url = new URL(base, window.location.origin);
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') url.searchParams.set(key, String(value));
  }
  return url.pathname + url.search;
}

async function readBody(response: Response): Promise<unknown> {
  if (response.status === 204) return undefined;
  const text = await response.text();
  if (!text) return undefined;
  const type = response.headers.get('content-type') ?? '';
  if (!type.includes('json')) return text;
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

async function send(url: string, options: RequestOptions, token: string | null): Promise<Response> {
  const headers: Record<string, string> = {
    Accept: 'application/json',
    'Accept-Language': interfaceLanguage(),
  };
  if (options.body !== undefined) headers['Content-Type'] = 'application/json';
  if (token) headers.Authorization = `Bearer ${token}`;
  const request = () =>
    fetch(url, {
      method: options.method ?? 'GET',
      headers,
      body: options.body === undefined ? undefined : JSON.stringify(options.body),
      signal: options.signal,
      keepalive: options.keepalive,
    });
  // A plain GET that the page's first script sent already (early-requests.ts) takes its reply.
  const isPlainGet = (options.method ?? 'GET') === 'GET' && options.body === undefined && !options.keepalive;
  const early = isPlainGet ? takeEarlyReply(url, token) : undefined;
  let response: Response;
  try {
    response = await (early ? early.catch(request) : request());
  } catch (error) {
    if (options.signal?.aborted) throw error;
    throw new ApiError(0, null);
  }
  recordServerVersion(response.headers.get(API_VERSION_HEADER));
  return response;
}

let refreshing: Promise<boolean> | null = null;

async function refreshTokens(): Promise<boolean> {
  const refresh = getRefreshToken();
  if (!refresh) return false;
  const response = await send('/api/token/refresh/', { method: 'POST', body: { refresh } }, null).catch(
    () => null,
  );
  if (!response?.ok) return false;
  storeTokens((await readBody(response)) as TokenPair);
  return true;
}

/** One refresh at a time: concurrent 401s wait for the same rotation (the old refresh is spent). */
function refreshOnce(): Promise<boolean> {
  refreshing ??= refreshTokens().finally(() => {
    refreshing = null;
  });
  return refreshing;
}

/**
 * Calls the API and returns the parsed body, or throws an ApiError. A 401 caused by an expired
 * access token refreshes the tokens once and retries; any other 401 signs out and sends to login.
 */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const query = options.ignoreAuthFailure ? { ...options.query, [IGNORE_AUTH_FAIL_PARAM]: 1 } : options.query;
  const url = buildUrl(path, query);
  const isIntercepted = !url.includes(`${IGNORE_AUTH_FAIL_PARAM}=1`);

  const usedToken = getAccessToken();
  let response = await send(url, options, usedToken);

  if (response.status === 401 && isIntercepted) {
    let body = await readBody(response);
    const isExpired = (body as { code?: unknown } | undefined)?.code === 'token_not_valid';
    // Another request may have rotated the tokens while this one was in flight.
    const isRenewed = getAccessToken() !== usedToken || (isExpired && (await refreshOnce()));
    const token = getAccessToken();
    if (isRenewed && token) {
      response = await send(url, options, token);
      if (response.status !== 401) return finish<T>(response, options);
      body = await readBody(response);
    }
    clearTokens();
    onUnauthorized();
    throw new ApiError(401, body);
  }
  return finish<T>(response, options);
}

async function finish<T>(response: Response, options: RequestOptions): Promise<T> {
  if (response.ok && options.asBlob) return (await response.blob()) as T;
  const body = await readBody(response);
  if (!response.ok) throw new ApiError(response.status, body);
  return body as T;
}

export const apiGet = <T>(path: string, query?: Record<string, QueryValue>, signal?: AbortSignal) =>
  apiRequest<T>(path, { query, signal });
export const apiPost = <T>(path: string, body?: unknown) =>
  apiRequest<T>(path, { method: 'POST', body: body ?? {} });
export const apiPatch = <T>(path: string, body: unknown) => apiRequest<T>(path, { method: 'PATCH', body });
export const apiDelete = (path: string) => apiRequest<void>(path, { method: 'DELETE' });
