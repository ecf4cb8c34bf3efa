import type { User } from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../api-client';
import { useIsSignedIn } from './token-storage';

export const ME_QUERY_KEY = ['users', 'me'] as const;

export const fetchMe = () => apiGet<User>('users/me/');

/** The user changes rarely: their data stays fresh for 5 minutes. */
export const ME_STALE_MS = 5 * 60_000;

/** The signed-in user (users/me), loaded only while a token is stored. */
export function useCurrentUser() {
  const isSignedIn = useIsSignedIn();
  return useQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, enabled: isSignedIn, staleTime: ME_STALE_MS });
}
