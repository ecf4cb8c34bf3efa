import type { Team } from '@shortlist/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useLocation, useNavigate } from 'react-router';
import { pathInTeam } from './team-path';

/** The team switcher's select (team-switcher.tsx). */
export function TeamSelect({ teams, currentId }: { teams: Team[]; currentId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { pathname } = useLocation();
  return (
    <Select
      className="sl-team-switcher"
      aria-label={t('nav.teamSwitcher')}
      placeholder={t('nav.teamSwitcher')}
      value={currentId ?? undefined}
      options={teams.map((team) => ({ value: team.id, label: team.title }))}
      onChange={(id: number) => {
        const team = teams.find((each) => each.id === id);
        if (!team) return;
        navigate(pathInTeam(pathname, team));
      }}
      showSearch={{ optionFilterProp: 'label' }}
      popupMatchSelectWidth={false}
    />
  );
}
