import type { Judge } from '@shortlist/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';

export function judgeStatusOf(judge: Judge) {
  if (judge.has_submitted) return 'answered' as const;
  return judge.nb_invitations > 0 ? ('invited' as const) : ('not_invited' as const);
}

const STATUS_COLORS = { answered: 'green', invited: 'blue', not_invited: 'default' } as const;

export function JudgeStatusTag({ judge }: { judge: Judge }) {
  const { t } = useTranslation('judges');
  const status = judgeStatusOf(judge);
  return (
    <Tag color={STATUS_COLORS[status]} data-testid="judge-status">
      {t(`status.${status}`)}
    </Tag>
  );
}
