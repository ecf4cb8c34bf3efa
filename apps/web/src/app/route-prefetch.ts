import type { LoaderFunctionArgs } from 'react-router';
import { fetchTeam, teamKeys } from '../features/teams/api';
import { parseTeamId } from '../features/teams/team-context';
import { getAccessToken } from './auth/token-storage';
import { fetchMe, ME_QUERY_KEY, ME_STALE_MS } from './auth/use-current-user';
import { queryClient } from './query-client';

// A signed-in page's first requests start with the navigation, side by side, instead of one after the other
// as each guard renders (the user, then the team, then the page's own). They fill the queries' cache; the
// loaders wait for nothing.

/** The signed-in user, which RequireAuth waits for. */
export function prefetchCurrentUser() {
  if (getAccessToken())
    void queryClient.prefetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: ME_STALE_MS });
  return null;
}

/** The team of a /team/:teamId page, which TeamBaseView waits for. */
export function prefetchTeam({ params }: LoaderFunctionArgs) {
  const id = parseTeamId(params.teamId);
  if (id !== null && getAccessToken()) {
    void queryClient.prefetchQuery({
      queryKey: teamKeys.detail(id),
      queryFn: ({ signal }) => fetchTeam(id, signal),
    });
  }
  return null;
}
