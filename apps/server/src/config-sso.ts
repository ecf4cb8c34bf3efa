import { SSO_PROVIDER_LABEL_MAX_LENGTH, SSO_PROVIDER_NAME_PATTERN } from '@shortlist/contract';

/** One OpenID Connect provider the app signs people in with (decision 82). */
export interface SsoProviderConfig {
  /** As written in OIDC_PROVIDERS: in the paths (`/api/auth/oidc/<name>/…`) and the variables' names. */
  name: string;
  /** The button's text: "Sign in with <label>". */
  label: string;
  issuer: URL;
  clientId: string;
  /** Absent: a public client, which proves itself with PKCE alone. */
  clientSecret: string | undefined;
  /** Plain http is allowed for a provider on this machine only (tests, a local Keycloak). */
  isLoopback: boolean;
}

const LOOPBACK_HOSTS = new Set(['localhost', '127.0.0.1', '[::1]']);

const variable = (name: string, suffix: string) => `OIDC_${name.toUpperCase()}_${suffix}`;

/**
 * OIDC_PROVIDERS names the providers, separated by commas; each has OIDC_<NAME>_ISSUER and
 * OIDC_<NAME>_CLIENT_ID, and may have OIDC_<NAME>_CLIENT_SECRET and OIDC_<NAME>_LABEL. A mistake
 * throws one line naming the variable, like every other setting, and never shows a value (secrets).
 */
export function readSsoProviders(
  env: NodeJS.ProcessEnv,
  fail: (variableName: string, message: string) => Error,
): SsoProviderConfig[] {
  const list = env.OIDC_PROVIDERS?.trim() ?? '';
  if (!list) return [];
  const names = list.split(',').map((name) => name.trim());
  const providers: SsoProviderConfig[] = [];
  for (const name of names) {
    if (!SSO_PROVIDER_NAME_PATTERN.test(name))
      throw fail('OIDC_PROVIDERS', 'must be names of lowercase letters and digits separated by commas');
    if (providers.some((provider) => provider.name === name))
      throw fail('OIDC_PROVIDERS', `names ${name} twice`);
    const read = (suffix: string) => env[variable(name, suffix)]?.trim() || undefined;
    const issuerText = read('ISSUER');
    if (!issuerText) throw fail(variable(name, 'ISSUER'), `required when OIDC_PROVIDERS names ${name}`);
    let issuer: URL;
    try {
      issuer = new URL(issuerText);
    } catch {
      throw fail(variable(name, 'ISSUER'), 'must be a URL such as https://accounts.google.com');
    }
    const isLoopback = LOOPBACK_HOSTS.has(issuer.hostname);
    if (issuer.protocol !== 'https:' && !(issuer.protocol === 'http:' && isLoopback))
      throw fail(variable(name, 'ISSUER'), 'must start with https:// (http:// only on localhost)');
    const clientId = read('CLIENT_ID');
    if (!clientId) throw fail(variable(name, 'CLIENT_ID'), `required when OIDC_PROVIDERS names ${name}`);
    const label = read('LABEL') ?? name.charAt(0).toUpperCase() + name.slice(1);
    if (label.length > SSO_PROVIDER_LABEL_MAX_LENGTH)
      throw fail(variable(name, 'LABEL'), `must have at most ${SSO_PROVIDER_LABEL_MAX_LENGTH} characters`);
    providers.push({ name, label, issuer, clientId, clientSecret: read('CLIENT_SECRET'), isLoopback });
  }
  return providers;
}
