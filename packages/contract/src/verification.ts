import { z } from 'zod';

/**
 * E-mail verification (docs/decisions.md, decision 41). The copy of a personal link that only the mail
 * carries has this query parameter: opening it proves that its reader receives that address's mail.
 */
export const VERIFICATION_PARAM = 'v';
export const verificationCodeSchema = z.string().max(64);

/** An SMTP server refused the address for good (5xx): the address is now invalid. */
export const EMAIL_REFUSED = 'EMAIL_REFUSED';
export const EMAIL_REFUSED_MESSAGE = 'The mail server refused this address. Check it, or use another one.';
