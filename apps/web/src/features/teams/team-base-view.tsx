import { useEffect } from 'react';
import { Navigate, Outlet, useLocation, useParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { PageSpin } from '../../lib/layout/page-spin';
import { isTeamAdmin } from './api';
import { rememberCurrentTeam } from './current-team';
import { parseTeamId } from './team-context';
import { TeamLoadError } from './team-load-error';
import { useTeam } from './use-team';

const isNoAccess = (error: unknown) =>
  error instanceof ApiError && (error.status === 404 || error.status === 403);

/**
 * `/team/:teamId`: loads the team (again whenever the id changes), lets only its admins in,
 * remembers it as the current team and hands it to the child pages.
 */
export function TeamBaseView() {
  const id = parseTeamId(useParams().teamId);
  const team = useTeam(id);
  const { pathname } = useLocation();

  // Every navigation under /team starts at the top of the page (spec: guards).
  // biome-ignore lint/correctness/useExhaustiveDependencies: the effect must run when the path changes.
  useEffect(() => {
    window.scrollTo(0, 0);
  }, [pathname]);

  const isAdmin = team.data ? isTeamAdmin(team.data) : false;
  useEffect(() => {
    if (id !== null && isAdmin) rememberCurrentTeam(id);
  }, [id, isAdmin]);

  if (id === null) return <Navigate to="/not-found" replace />;
  if (team.isPending) return <PageSpin />;
  if (team.isError) return isNoAccess(team.error) ? <Navigate to="/not-found" replace /> : <TeamLoadError />;
  if (!isAdmin) return <Navigate to="/not-found" replace />;
  return <Outlet context={team.data} />;
}
