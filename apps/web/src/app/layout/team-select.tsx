import type { Team } from '@shortlist/contract';
import { Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';

/** The team switcher's select (team-switcher.tsx). */
export function TeamSelect({ teams, currentId }: { teams: Team[]; currentId: number | null }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
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
