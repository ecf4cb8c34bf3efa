import type { Team } from '@shortlist/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** Jumps between the workspaces the user administers; shown only when there is more than one. */
export function TeamSwitcher({ teams, currentId }: { teams: Team[]; currentId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  if (teams.length < 2) return null;
  return (
    <Select
      className="sl-team-switcher"
      aria-label={t('nav.teamSwitcher')}
      placeholder={t('nav.teamSwitcher')}
      value={currentId ?? undefined}
      options={teams.map((team) => ({ value: team.id, label: team.title }))}
      onChange={(id: number) => navigate(`/team/${id}`)}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
    />
  );
}
