import { SSO_PATHS, type SsoProvider, type TokenPair } from '@shortlist/contract';
import { apiRequest } from '../../lib/api-client';

export const ssoKeys = { providers: ['sso', 'providers'] as const };

export const fetchSsoProviders = () => apiRequest<SsoProvider[]>(SSO_PATHS.providers);

/** The one-time code of the provider's sign-in for a token pair; a refusal is shown, not a sign-out. */
export const exchangeSsoCode = (code: string) =>
  apiRequest<TokenPair>(SSO_PATHS.exchange, { method: 'POST', body: { code }, ignoreAuthFailure: true });

/** Where the provider's button goes: a full navigation, the server answers with a redirect. */
export const ssoStartHref = (provider: string, next: string) =>
  `${SSO_PATHS.start(provider)}?${new URLSearchParams({ next })}`;
