import { z } from 'zod';

/**
 * Sign-in through an organisation's identity provider (OpenID Connect, decision 82). The browser goes
 * to `SSO_PATHS.start`, signs in at the provider, comes back to the callback, which sends it to
 * `/login?next=…#sso_code=…`; the web app exchanges that one-time code for a token pair.
 */
export const SSO_PREFIX = '/api/auth/oidc';
export const SSO_PATHS = {
  providers: `${SSO_PREFIX}/providers/`,
  start: (provider: string) => `${SSO_PREFIX}/${encodeURIComponent(provider)}/start`,
  callback: (provider: string) => `${SSO_PREFIX}/${encodeURIComponent(provider)}/callback`,
  exchange: `${SSO_PREFIX}/exchange/`,
} as const;

/** The hash parameter of `/login` that carries the one-time code, and the query one that carries a failure. */
export const SSO_CODE_PARAM = 'sso_code';
export const SSO_ERROR_PARAM = 'sso_error';

/** A provider's name as the operator wrote it in OIDC_PROVIDERS: it appears in paths and variable names. */
export const SSO_PROVIDER_NAME_PATTERN = /^[a-z][a-z0-9]{0,19}$/;
export const SSO_PROVIDER_LABEL_MAX_LENGTH = 60;

export const ssoProviderSchema = z.object({ name: z.string(), label: z.string() });
export type SsoProvider = z.infer<typeof ssoProviderSchema>;
export const ssoProvidersSchema = z.array(ssoProviderSchema);

export const ssoProviderParamsSchema = z.object({ provider: z.string().max(20) });
export const ssoStartQuerySchema = z.object({ next: z.string().max(2000).optional() });
export const ssoExchangeSchema = z.object({ code: z.string().min(1).max(200) });

/**
 * Why an SSO sign-in failed: the callback sends the browser to `/login?sso_error=CODE`, the web app
 * says it in the reader's language. `SSO_REQUIRED` is also the `code` of a refused password sign-in,
 * password reset or refresh.
 */
export const SSO_ERROR_CODES = [
  'SSO_PROVIDER_UNAVAILABLE',
  'SSO_STATE_MISMATCH',
  'SSO_EMAIL_NOT_VERIFIED',
  'SSO_UNKNOWN_ACCOUNT',
  'SSO_FAILED',
  'SSO_REQUIRED',
  'SSO_CODE_INVALID',
] as const;
export type SsoErrorCode = (typeof SSO_ERROR_CODES)[number];

export const isSsoErrorCode = (value: unknown): value is SsoErrorCode =>
  (SSO_ERROR_CODES as readonly unknown[]).includes(value);

/** The detail of a refused password sign-in, reset or refresh. */
export const SSO_REQUIRED_DETAIL =
  "A workspace of yours requires signing in with your organisation's identity provider.";
