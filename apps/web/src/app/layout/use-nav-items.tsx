import type { Team } from '@shortlist/contract';
import type { ItemType } from 'antd/es/menu/interface';
import { lazy, Suspense } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useMatch } from 'react-router';
import { useMyInvitations } from '../../features/members/use-invitations';
import { getCurrentTeamId } from '../../features/teams/current-team';
import { parseTeamId } from '../../features/teams/team-context';
import { useAdminTeams } from '../../features/teams/use-admin-teams';
import { useIsSignedIn } from '../../lib/auth/token-storage';
import { useCurrentUser } from '../../lib/auth/use-current-user';

// Shown only while invitations wait for an answer: not downloaded by every page for the few who have some.
const Badge = lazy(() => import('antd/es/badge'));

/**
 * The navbar's links; "Emails" only for a team whose package has mass e-mail, "Invitations" only while
 * some wait for the user's answer. Every team page a person opens has its link here.
 */
export function useNavItems(): { items: ItemType[]; teams: Team[]; teamId: number | null } {
  const { t } = useTranslation();
  const isSignedIn = useIsSignedIn();
  const { data: me } = useCurrentUser();
  const { data: teams = [] } = useAdminTeams();
  const { data: invitations = [] } = useMyInvitations();
  const routeTeamId = parseTeamId(useMatch('/team/:teamId/*')?.params.teamId);
  const storedTeamId = getCurrentTeamId();
  const teamId =
    routeTeamId ?? (teams.some((team) => team.id === storedTeamId) ? storedTeamId : (teams[0]?.id ?? null));

  const items: ItemType[] = [];
  if (isSignedIn && teamId !== null) {
    items.push(
      { key: `/team/${teamId}`, label: <Link to={`/team/${teamId}`}>{t('nav.dashboard')}</Link> },
      {
        key: `/team/${teamId}/forms`,
        label: <Link to={`/team/${teamId}/forms`}>{t('nav.forms')}</Link>,
      },
      {
        key: `/team/${teamId}/issues`,
        label: <Link to={`/team/${teamId}/issues`}>{t('nav.selections')}</Link>,
      },
      {
        key: `/team/${teamId}/item-types`,
        label: <Link to={`/team/${teamId}/item-types`}>{t('nav.itemTypes')}</Link>,
      },
      {
        key: `/team/${teamId}/items`,
        label: <Link to={`/team/${teamId}/items`}>{t('nav.items')}</Link>,
      },
      ...(teams.find((team) => team.id === teamId)?.package.mass_emails
        ? [
            {
              key: `/team/${teamId}/emails`,
              label: <Link to={`/team/${teamId}/emails`}>{t('nav.emails')}</Link>,
            },
          ]
        : []),
      {
        key: `/team/${teamId}/members`,
        label: <Link to={`/team/${teamId}/members`}>{t('nav.members')}</Link>,
      },
      {
        key: `/team/${teamId}/webhooks`,
        label: <Link to={`/team/${teamId}/webhooks`}>{t('nav.webhooks')}</Link>,
      },
      {
        key: `/team/${teamId}/audit`,
        label: <Link to={`/team/${teamId}/audit`}>{t('nav.audit')}</Link>,
      },
    );
  }
  // A person who administers no team is here as a judge (an account from before judge identities):
  // their selections are on the judge's portal, a public page outside this app.
  if (isSignedIn && teamId === null) {
    items.push({ key: '/judge', label: <a href="/judge">{t('nav.judging')}</a> });
  }
  if (isSignedIn && invitations.length > 0) {
    items.push({
      key: '/invitations',
      label: (
        <Link to="/invitations" data-testid="invitations-link">
          {t('nav.invitations')}{' '}
          <Suspense fallback={null}>
            <Badge count={invitations.length} size="small" />
          </Suspense>
        </Link>
      ),
    });
  }
  if (me?.is_superuser) {
    items.push(
      { key: '/admin/teams', label: <Link to="/admin/teams">{t('nav.adminTeams')}</Link> },
      { key: '/admin/outbox', label: <Link to="/admin/outbox">{t('nav.outbox')}</Link> },
      { key: '/admin/usage', label: <Link to="/admin/usage">{t('nav.usage')}</Link> },
    );
  }
  return { items, teams, teamId };
}
