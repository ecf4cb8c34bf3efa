import { VERIFICATION_PARAM } from '@shortlist/contract';
import type { AppContext } from '../../context.ts';

const PURPOSE = 'email verification';

/** Whose address a link verifies: a user (judge) or a form's respondent, with the address it went to. */
export interface VerifiedAddress {
  kind: 'user' | 'respondent';
  id: number;
  email: string;
}

const payloadOf = ({ kind, id, email }: VerifiedAddress) => `${kind}:${id}:${email.trim().toLowerCase()}`;

/**
 * The copy of a personal link that goes by mail: the same link plus a code that only the mail carries,
 * signed for that person and address, so that a link shown on screen or copied by an admin proves nothing.
 */
export function mailedLink(ctx: Pick<AppContext, 'signer'>, link: string, address: VerifiedAddress): string {
  const url = new URL(link);
  url.searchParams.set(VERIFICATION_PARAM, ctx.signer.sign(PURPOSE, payloadOf(address)));
  return url.toString();
}

export const isVerificationCode = (
  ctx: Pick<AppContext, 'signer'>,
  address: VerifiedAddress,
  code: string | undefined,
) => code !== undefined && ctx.signer.verify(PURPOSE, payloadOf(address), code);
