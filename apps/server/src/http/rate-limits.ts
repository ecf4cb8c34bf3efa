/** Per-IP limits of the public and sign-in endpoints (per route, per minute). */
export const RATE_LIMITS = {
  signIn: { max: 20, timeWindow: '1 minute' },
  refresh: { max: 60, timeWindow: '1 minute' },
  resetPassword: { max: 10, timeWindow: '1 minute' },
  contact: { max: 5, timeWindow: '1 minute' },
  /** Each of the SSO start, callback and code exchange: one sign-in takes one of each. */
  sso: { max: 20, timeWindow: '1 minute' },
} as const;

/** Failed sign-ins and resets allowed per account before it is throttled. */
export const ACCOUNT_FAILURES = { max: 10, windowMs: 15 * 60 * 1000 };

/** Reset e-mails one address may be sent, so that nobody can flood an inbox through the form. */
export const RESET_MAILS_PER_ACCOUNT = { max: 5, windowMs: 60 * 60 * 1000 };
