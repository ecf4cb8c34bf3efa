import { ArrowRightOutlined } from '@ant-design/icons';
import type { ItemPromotion } from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';
import { Link } from 'react-router';
import { formatNumber } from '../../lib/i18n/format';
import { issueManagePath } from '../selections/issue-paths';
import { fetchItemPath, roundKeys } from './api';

/** An item's rounds: each promotion, from where (round, rank and value then) to where (its rank there now). */
export function ItemPath({ teamId, datasetId }: { teamId: number; datasetId: number }) {
  const { t } = useTranslation('rounds');
  const path = useQuery({
    queryKey: roundKeys.path(datasetId),
    queryFn: ({ signal }) => fetchItemPath(datasetId, signal),
  });
  const body = () => {
    if (path.isError) return <Alert type="error" showIcon title={t('path.loadFailed')} />;
    if (!path.data) return <Skeleton active paragraph={{ rows: 1 }} title={false} />;
    if (path.data.steps.length === 0)
      return <Typography.Text type="secondary">{t('path.none')}</Typography.Text>;
    return (
      <ol className="sl-item-path" style={{ margin: 0, paddingInlineStart: 20 }}>
        {path.data.steps.map((step) => (
          <li key={`${step.target.id}-${step.promoted_at}`}>
            <Step teamId={teamId} step={step} />
          </li>
        ))}
      </ol>
    );
  };
  return (
    <section aria-labelledby={`item-path-${datasetId}`} data-testid="item-path">
      <Typography.Title level={5} id={`item-path-${datasetId}`} style={{ marginTop: 0 }}>
        {t('path.title')}
      </Typography.Title>
      {body()}
    </section>
  );
}

function Step({ teamId, step }: { teamId: number; step: ItemPromotion }) {
  const { t, i18n } = useTranslation('rounds');
  const standing = (rank: number | null, value: number | null) =>
    [
      rank === null ? t('path.noRank') : t('path.rank', { rank }),
      value === null ? null : t('path.value', { value: formatNumber(value, i18n.language) }),
    ]
      .filter(Boolean)
      .join(' · ');
  const { source, target } = step;
  const sourceTitle =
    source.type === 'selection' && source.id !== null ? (
      <Link to={issueManagePath(teamId, source.id)}>{source.title}</Link>
    ) : (
      <span>
        {source.title}
        {source.type === 'merge' && ` (${t('path.merge')})`}
      </span>
    );
  return (
    <Flex wrap gap={6} align="baseline" data-testid="item-path-step">
      <Typography.Text strong>{t('path.round', { round: source.round })}</Typography.Text>
      {sourceTitle}
      <Typography.Text type="secondary">{standing(step.rank, step.value)}</Typography.Text>
      <ArrowRightOutlined aria-hidden />
      <Typography.Text strong>{t('path.round', { round: target.round })}</Typography.Text>
      <Link to={issueManagePath(teamId, target.id)}>{target.title}</Link>
      <Typography.Text type="secondary">
        {t('path.now', { standing: standing(target.rank, target.value) })}
      </Typography.Text>
    </Flex>
  );
}
