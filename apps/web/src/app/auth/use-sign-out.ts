import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from 'react-router';
import { apiRequest } from '../../lib/api-client';
import { clearTokens, getRefreshToken } from '../../lib/auth/token-storage';

/**
 * Ends the session on the server (its refresh tokens, and every access token signed so far) and forgets
 * the tokens and every cached answer, then shows the login page. The page does not wait for the server:
 * the request outlives it (keepalive), and if it fails (offline) the tokens still run out on their own.
 */
export function useSignOut() {
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  return () => {
    const refresh = getRefreshToken();
    clearTokens();
    queryClient.clear();
    navigate('/login');
    if (refresh) {
      void apiRequest('/api/token/logout/', {
        method: 'POST',
        body: { refresh },
        ignoreAuthFailure: true,
        keepalive: true,
      }).catch(() => undefined);
    }
  };
}
