import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import { type IssueResourcetype, placeOfPoints } from '@shortlist/contract';
import { Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatValue } from './format';
import './resources';

/**
 * One judge's value for one item: a tick or cross for picks, the place and points of a ranked ballot, else
 * the number; a conflict of interest
 * (docs/judging.md) instead of either.
 */
export function JudgeValue({
  type,
  value,
  isConflict = false,
  nbRanked = null,
}: {
  type: IssueResourcetype;
  value: number | null;
  isConflict?: boolean;
  /** Ranked ballots: n, to read the place from the points. */
  nbRanked?: number | null;
}) {
  const { t, i18n } = useTranslation('reports');
  if (isConflict) {
    return (
      <Tooltip title={t('conflictHelp')}>
        <Tag color="orange" data-testid="judge-conflict">
          {t('conflict')}
        </Tag>
      </Tooltip>
    );
  }
  if (type === 'SelectionIssue') {
    return value ? (
      <CheckOutlined style={{ color: '#389e0d' }} aria-label={t('picked')} />
    ) : (
      <CloseOutlined style={{ color: '#cf1322' }} aria-label={t('notPicked')} />
    );
  }
  if (value === null) return <Typography.Text type="secondary">{t('notAnswered')}</Typography.Text>;
  if (type === 'RankedIssue' && nbRanked)
    return <span>{t('ranked.place', { place: placeOfPoints(nbRanked, value), count: value })}</span>;
  return <span>{formatValue(value, i18n.language)}</span>;
}
