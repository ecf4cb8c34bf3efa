import { Navigate } from 'react-router';
import { LoadError } from '../../lib/layout/load-error';
import { PageSpin } from '../../lib/layout/page-spin';
import { useMyInvitations } from '../members/use-invitations';
import { getCurrentTeamId } from './current-team';
import { useAdminTeams } from './use-admin-teams';

/**
 * `/`: the remembered team if the user is still its admin, else the first team they administer; someone
 * with no team yet but invitations waiting goes to them (the navbar links them for everyone else).
 */
export function TeamRedirectPage() {
  const teams = useAdminTeams();
  const invitations = useMyInvitations();
  if (teams.isPending || invitations.isPending) return <PageSpin />;
  if (teams.isError || invitations.isError)
    return <LoadError onRetry={() => void Promise.all([teams.refetch(), invitations.refetch()])} />;

  const currentId = getCurrentTeamId();
  const target = teams.data.find((team) => team.id === currentId) ?? teams.data[0];
  if (!target && invitations.data.length > 0) return <Navigate to="/invitations" replace />;
  return <Navigate to={target ? `/team/${target.id}` : '/not-found'} replace />;
}
