import { SSO_PATHS } from '@shortlist/contract';
import * as oidc from 'openid-client';
import type { SsoProviderConfig } from '../../config-sso.ts';

/** Seconds the app waits for a provider's answer: a provider down must not hold a browser for long. */
const PROVIDER_TIMEOUT_SECONDS = 10;
/** A provider's discovered metadata is read again after this, so that its changes are seen. */
const DISCOVERY_TTL_MS = 60 * 60 * 1000;

export type SsoProviders = ReturnType<typeof createSsoProviders>;

/**
 * The configured providers and their discovered metadata (endpoints, keys), fetched when first
 * needed and kept an hour; a failed discovery is not kept, so that the next sign-in tries again.
 */
export function createSsoProviders(providers: readonly SsoProviderConfig[], publicUrl: string) {
  const discovered = new Map<string, { config: Promise<oidc.Configuration>; at: number }>();

  function discover(provider: SsoProviderConfig) {
    const auth = provider.clientSecret ? oidc.ClientSecretBasic(provider.clientSecret) : oidc.None();
    return oidc.discovery(provider.issuer, provider.clientId, provider.clientSecret, auth, {
      timeout: PROVIDER_TIMEOUT_SECONDS,
      execute: provider.isLoopback ? [oidc.allowInsecureRequests] : [],
    });
  }

  return {
    list: () => providers.map(({ name, label }) => ({ name, label })),

    find: (name: string) => providers.find((provider) => provider.name === name),

    /** Where the provider sends the browser back: registered at the provider by the operator. */
    redirectUri: (name: string) => `${publicUrl}${SSO_PATHS.callback(name)}`,

    /** The provider's metadata as openid-client uses it; rejects when the provider cannot be reached. */
    configuration(provider: SsoProviderConfig): Promise<oidc.Configuration> {
      const cached = discovered.get(provider.name);
      if (cached && Date.now() - cached.at < DISCOVERY_TTL_MS) return cached.config;
      const config = discover(provider);
      discovered.set(provider.name, { config, at: Date.now() });
      config.catch(() => {
        if (discovered.get(provider.name)?.config === config) discovered.delete(provider.name);
      });
      return config;
    },
  };
}
