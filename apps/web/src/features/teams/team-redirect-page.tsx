import { Navigate } from 'react-router';
import { LoadError } from '../../app/layout/load-error';
import { PageSpin } from '../../app/layout/page-spin';
import { getCurrentTeamId } from './current-team';
import { useAdminTeams } from './use-admin-teams';

/** `/`: the remembered team if the user is still its admin, else the first team they administer. */
export function TeamRedirectPage() {
  const teams = useAdminTeams();
  if (teams.isPending) return <PageSpin />;
  if (teams.isError) return <LoadError onRetry={() => void teams.refetch()} />;

  const currentId = getCurrentTeamId();
  const target = teams.data.find((team) => team.id === currentId) ?? teams.data[0];
  return <Navigate to={target ? `/team/${target.id}` : '/not-found'} replace />;
}
