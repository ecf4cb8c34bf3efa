import { createHmac } from 'node:crypto';
import { SSO_PREFIX } from '@shortlist/contract';
import { EncryptJWT, jwtDecrypt } from 'jose';

/** What the browser carries from the start of a sign-in to its callback (decision 82). */
export interface SsoState {
  provider: string;
  state: string;
  nonce: string;
  /** PKCE: only its hash went to the provider; the token request proves it. */
  verifier: string;
  next: string;
}

export const STATE_COOKIE = 'shortlist_sso';
/** Time to sign in at the provider, a password manager and a second factor included. */
const STATE_TTL_SECONDS = 10 * 60;

/**
 * The state, the nonce and the PKCE verifier travel in an encrypted, short-lived cookie rather than
 * in a table: any process can finish a sign-in that another one started, and nothing is left behind.
 * AES-GCM under a key derived from the JWT secret keeps the verifier secret and the cookie untouched.
 */
export function createStateCookie(jwtSecret: string, publicUrl: string) {
  const key = createHmac('sha256', jwtSecret).update('shortlist sso state').digest();
  const isSecure = publicUrl.startsWith('https:');
  // Lax: the provider sends the browser back with a top-level GET, on which the cookie goes along.
  const attributes = `Path=${SSO_PREFIX}/; HttpOnly; SameSite=Lax${isSecure ? '; Secure' : ''}`;

  return {
    async seal(state: SsoState): Promise<string> {
      const sealed = await new EncryptJWT({ ...state })
        .setProtectedHeader({ alg: 'dir', enc: 'A256GCM' })
        .setIssuedAt()
        .setExpirationTime(`${STATE_TTL_SECONDS}s`)
        .encrypt(key);
      return `${STATE_COOKIE}=${sealed}; Max-Age=${STATE_TTL_SECONDS}; ${attributes}`;
    },

    /** The state of this browser's sign-in, or null when it is missing, expired or was tampered with. */
    async open(cookieHeader: string | undefined): Promise<SsoState | null> {
      const sealed = readCookie(cookieHeader, STATE_COOKIE);
      if (!sealed) return null;
      try {
        const { payload } = await jwtDecrypt(sealed, key, { keyManagementAlgorithms: ['dir'] });
        const { provider, state, nonce, verifier, next } = payload;
        const texts = [provider, state, nonce, verifier, next];
        if (!texts.every((value) => typeof value === 'string')) return null;
        return { provider, state, nonce, verifier, next } as SsoState;
      } catch {
        return null;
      }
    },

    /** Spent at the callback, whatever its outcome: a state is good for one return. */
    clear: () => `${STATE_COOKIE}=; Max-Age=0; ${attributes}`,
  };
}

function readCookie(header: string | undefined, name: string): string | undefined {
  for (const part of header?.split(';') ?? []) {
    const [key, ...value] = part.trim().split('=');
    if (key === name) return value.join('=');
  }
  return undefined;
}
