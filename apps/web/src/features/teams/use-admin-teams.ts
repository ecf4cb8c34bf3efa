import { useQuery } from '@tanstack/react-query';
import { useIsSignedIn } from '../../lib/auth/token-storage';
import { fetchMyTeams, isTeamAdmin, teamKeys } from './api';

/** The teams where the signed-in user is admin, in the order the API lists them. */
export function useAdminTeams() {
  const isSignedIn = useIsSignedIn();
  return useQuery({
    queryKey: teamKeys.mine(),
    queryFn: fetchMyTeams,
    enabled: isSignedIn,
    select: (teams) => teams.filter(isTeamAdmin),
  });
}
