import { z } from 'zod';
import { languageSchema } from './common.ts';

export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
export const EMAIL_MAX_LENGTH = 250;
/** Invited accounts take their e-mail as username. */
export const USERNAME_MAX_LENGTH = EMAIL_MAX_LENGTH;
/** How long a password-reset link stays valid. */
export const RESET_TOKEN_TTL_MINUTES = 60;

export const emailSchema = z.string().trim().toLowerCase().max(EMAIL_MAX_LENGTH).email();
export const passwordSchema = z.string().min(PASSWORD_MIN_LENGTH).max(PASSWORD_MAX_LENGTH);

export const tokenRequestSchema = z.object({
  username: z.string().trim().min(1).max(EMAIL_MAX_LENGTH),
  password: z.string().min(1).max(PASSWORD_MAX_LENGTH),
});
export type TokenRequest = z.infer<typeof tokenRequestSchema>;

export const tokenPairSchema = z.object({ access: z.string(), refresh: z.string() });
export type TokenPair = z.infer<typeof tokenPairSchema>;

export const refreshRequestSchema = z.object({ refresh: z.string().min(1).max(2000) });

export const EMAIL_VERIFICATION_STATUSES = ['unc', 'pen', 'pro', 'ver', 'inv'] as const;
export type EmailVerificationStatus = (typeof EMAIL_VERIFICATION_STATUSES)[number];

export const userSchema = z.object({
  id: z.number().int(),
  username: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email: z.string(),
  is_active: z.boolean(),
  is_staff: z.boolean(),
  is_superuser: z.boolean(),
  language: languageSchema,
  self_invite: z.boolean(),
});
export type User = z.infer<typeof userSchema>;

export const userPatchSchema = z.object({ language: languageSchema }).strict();

export const askResetPasswordSchema = z.object({ email: emailSchema });
export const resetPasswordSchema = z.object({
  email: emailSchema,
  token: z.string().min(1).max(200),
  new_password: passwordSchema,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordSchema>;

export const RESET_REQUEST_DETAIL = 'If the account exists, you will receive an e-mail...';
