import { useQuery } from '@tanstack/react-query';
import { fetchSsoProviders, ssoKeys } from './api';

/** The server's identity providers: set by the operator, so read once a session. */
export function useSsoProviders() {
  return useQuery({
    queryKey: ssoKeys.providers,
    queryFn: fetchSsoProviders,
    staleTime: Number.POSITIVE_INFINITY,
  });
}
