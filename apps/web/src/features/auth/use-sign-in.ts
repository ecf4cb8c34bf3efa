import type { TokenPair, TokenRequest } from '@shortlist/contract';
import { type QueryClient, useMutation, useQueryClient } from '@tanstack/react-query';
import { clearTokens, storeTokens } from '../../lib/auth/token-storage';
import { fetchMe, ME_QUERY_KEY } from '../../lib/auth/use-current-user';
import { applyLanguage } from '../../lib/i18n/language';
import { requestTokens } from './api';

/**
 * Starts a session with a new pair (from a password or an identity provider): loads the user and
 * adopts the language stored on their account; a pair whose user cannot be read is dropped.
 */
export async function adoptTokens(queryClient: QueryClient, tokens: TokenPair) {
  queryClient.clear();
  storeTokens(tokens);
  try {
    const me = await queryClient.fetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe });
    applyLanguage(me.language);
    return me;
  } catch (error) {
    clearTokens();
    throw error;
  }
}

/** Signs in with a username and a password. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: TokenRequest) =>
      adoptTokens(queryClient, await requestTokens(credentials)),
  });
}
