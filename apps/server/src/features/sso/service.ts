import { createHash, randomBytes } from 'node:crypto';
import { SSO_CODE_PARAM, SSO_ERROR_PARAM, type SsoErrorCode, type TokenPair } from '@shortlist/contract';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import * as oidc from 'openid-client';
import type { SsoProviderConfig } from '../../config-sso.ts';
import type { AppContext } from '../../context.ts';
import { ssoSignInCodes, users } from '../../db/schema/index.ts';
import { refusal } from '../../http/errors.ts';
import type { SsoProviders } from './providers.ts';
import type { SsoState } from './state-cookie.ts';

/** The code lives this long: the web app exchanges it as soon as the page loads. */
const CODE_TTL_MS = 60_000;
const SCOPE = 'openid email';

/** A sign-in that ends on the sign-in page with this code, said in the reader's language. */
export class SsoFailure extends Error {
  constructor(
    readonly code: SsoErrorCode,
    cause?: unknown,
  ) {
    super(code, { cause });
  }
}

/** Only a path of this site: `next` must not send the browser elsewhere after signing in. */
export function safeNext(next: string | undefined): string {
  return next && /^\/(?![/\\])/.test(next) && !/[\\\s]/.test(next) ? next : '/';
}

/** `/login`, with `next` kept, and the failure's code or the one-time code (in the fragment). */
export function loginLocation(next: string, outcome: { code: string } | { failure: SsoErrorCode }) {
  const query = new URLSearchParams();
  if (next !== '/') query.set('next', next);
  if ('failure' in outcome) query.set(SSO_ERROR_PARAM, outcome.failure);
  const search = query.size > 0 ? `?${query}` : '';
  const fragment = 'code' in outcome ? `#${new URLSearchParams({ [SSO_CODE_PARAM]: outcome.code })}` : '';
  return `/login${search}${fragment}`;
}

/**
 * A provider that cannot be reached or answers 5xx is down; anything else it answers that fails a
 * check (issuer, audience, signature, nonce, PKCE, an error it sent back) is a failed sign-in.
 */
function classify(error: unknown): SsoFailure {
  if (error instanceof SsoFailure) return error;
  const status =
    error instanceof oidc.ClientError ? (error.cause as Response | undefined)?.status : undefined;
  const isDown =
    error instanceof TypeError ||
    (error instanceof oidc.ClientError &&
      (['OAUTH_TIMEOUT', 'OAUTH_ABORT'].includes(error.code ?? '') ||
        (status !== undefined && status >= 500)));
  return new SsoFailure(isDown ? 'SSO_PROVIDER_UNAVAILABLE' : 'SSO_FAILED', error);
}

async function configurationOf(providers: SsoProviders, provider: SsoProviderConfig) {
  try {
    return await providers.configuration(provider);
  } catch (error) {
    throw classify(error);
  }
}

/** The provider's authorization URL with PKCE (S256), a state and a nonce; the state to keep. */
export async function startSignIn(
  providers: SsoProviders,
  provider: SsoProviderConfig,
  next: string,
): Promise<{ url: URL; state: SsoState }> {
  const config = await configurationOf(providers, provider);
  const state: SsoState = {
    provider: provider.name,
    state: oidc.randomState(),
    nonce: oidc.randomNonce(),
    verifier: oidc.randomPKCECodeVerifier(),
    next,
  };
  const url = oidc.buildAuthorizationUrl(config, {
    redirect_uri: providers.redirectUri(provider.name),
    scope: SCOPE,
    response_type: 'code',
    code_challenge: await oidc.calculatePKCECodeChallenge(state.verifier),
    code_challenge_method: 'S256',
    state: state.state,
    nonce: state.nonce,
  });
  return { url, state };
}

const isTrue = (value: unknown) => value === true || value === 'true';

/** The provider's verified address of the person: from the ID token, else from userinfo. */
async function verifiedEmail(config: oidc.Configuration, tokens: oidc.TokenEndpointResponse) {
  const claims = (tokens as oidc.TokenEndpointResponse & oidc.TokenEndpointResponseHelpers).claims();
  if (!claims) throw new SsoFailure('SSO_FAILED');
  let { email, email_verified: isVerified } = claims;
  if (typeof email !== 'string' || isVerified === undefined) {
    const info = await oidc.fetchUserInfo(config, tokens.access_token, claims.sub);
    ({ email, email_verified: isVerified } = info);
  }
  if (typeof email !== 'string' || !isTrue(isVerified)) throw new SsoFailure('SSO_EMAIL_NOT_VERIFIED');
  return email.trim().toLowerCase();
}

/**
 * The provider sent the browser back: checks the state against this browser's, exchanges the code
 * (PKCE, issuer, audience, signature and nonce checked by openid-client), finds the account of the
 * verified address, and stores a one-time code for the web app. Accounts are never created here.
 */
export async function finishSignIn(
  ctx: AppContext,
  providers: SsoProviders,
  input: { provider: SsoProviderConfig; saved: SsoState | null; query: URLSearchParams },
): Promise<string> {
  const { provider, saved, query } = input;
  if (!saved || saved.provider !== provider.name || query.get('state') !== saved.state)
    throw new SsoFailure('SSO_STATE_MISMATCH');
  const config = await configurationOf(providers, provider);
  const redirectUri = providers.redirectUri(provider.name);
  const currentUrl = new URL(redirectUri);
  currentUrl.search = query.toString();
  let email: string;
  try {
    const tokens = await oidc.authorizationCodeGrant(
      config,
      currentUrl,
      { pkceCodeVerifier: saved.verifier, expectedState: saved.state, expectedNonce: saved.nonce },
      { redirect_uri: redirectUri },
    );
    email = await verifiedEmail(config, tokens);
  } catch (error) {
    throw classify(error);
  }
  const [user] = await ctx.db
    .select({ id: users.id, isActive: users.isActive })
    .from(users)
    .where(and(eq(users.isJudgeOnly, false), sql`lower(${users.email}) = ${email}`));
  if (!user?.isActive) throw new SsoFailure('SSO_UNKNOWN_ACCOUNT');
  const code = randomBytes(24).toString('base64url');
  await ctx.db.transaction(async (tx) => {
    await tx.delete(ssoSignInCodes).where(lt(ssoSignInCodes.expiresAt, new Date()));
    await tx.insert(ssoSignInCodes).values({
      codeHash: hashCode(code),
      userId: user.id,
      provider: provider.name,
      expiresAt: new Date(Date.now() + CODE_TTL_MS),
    });
  });
  return code;
}

const hashCode = (code: string) => createHash('sha256').update(code).digest('hex');

/** The one-time code for a token pair whose refresh family remembers the provider. */
export async function exchangeCode(ctx: AppContext, code: string): Promise<TokenPair> {
  const [row] = await ctx.db
    .delete(ssoSignInCodes)
    .where(and(eq(ssoSignInCodes.codeHash, hashCode(code)), gt(ssoSignInCodes.expiresAt, new Date())))
    .returning();
  if (!row)
    throw refusal('SSO_CODE_INVALID', 'This sign-in has expired or was already used. Please sign in again.');
  return ctx.tokens.issuePair(row.userId, { sso: row.provider });
}
