import { createHmac, timingSafeEqual } from 'node:crypto';

/**
 * Signs links that open something without sign-in (unsubscribe). Each purpose has its own key
 * derived from the JWT secret, so that a signature for one purpose is worthless for another and no
 * second secret has to be kept.
 */
export interface Signer {
  sign(purpose: string, payload: string): string;
  verify(purpose: string, payload: string, signature: string): boolean;
}

export function createSigner(jwtSecret: string): Signer {
  const keyOf = (purpose: string) => createHmac('sha256', jwtSecret).update(`shortlist ${purpose}`).digest();
  const sign = (purpose: string, payload: string) =>
    createHmac('sha256', keyOf(purpose)).update(payload).digest('base64url');
  return {
    sign,
    verify(purpose, payload, signature) {
      const expected = Buffer.from(sign(purpose, payload));
      const given = Buffer.from(signature);
      return given.length === expected.length && timingSafeEqual(given, expected);
    },
  };
}
