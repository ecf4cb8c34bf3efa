import type { TokenRequest } from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { clearTokens, storeTokens } from '../../app/auth/token-storage';
import { fetchMe, ME_QUERY_KEY } from '../../app/auth/use-current-user';
import { applyLanguage } from '../../app/i18n/language';
import { requestTokens } from './api';

/** Gets the tokens, loads the user and adopts the language stored on their account. */
export function useSignIn() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async (credentials: TokenRequest) => {
      const tokens = await requestTokens(credentials);
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
    },
  });
}
