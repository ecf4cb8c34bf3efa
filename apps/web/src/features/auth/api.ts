import type { ResetPasswordRequest, TokenPair, TokenRequest } from '@shortlist/contract';
import { apiPost, apiRequest } from '../../lib/api-client';

/** A failed sign-in is an answer shown on the form, not a session to end: not intercepted. */
export const requestTokens = (credentials: TokenRequest) =>
  apiRequest<TokenPair>('/api/token/', { method: 'POST', body: credentials, ignoreAuthFailure: true });

export const askResetPassword = (email: string) =>
  apiPost<{ detail: string }>('users/ask_reset_password/', { email });

export const resetPassword = (request: ResetPasswordRequest) =>
  apiPost<{ detail: string }>('users/reset_password/', request);
