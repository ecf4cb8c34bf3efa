import type { AssignAccessResult, AssignmentQuality } from '@shortlist/contract';
import { Alert, Card, Flex, Skeleton, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format';
import { LoadError } from '../../lib/layout/load-error';
import { AffinityHistogram } from './affinity-histogram';
import './assignment.css';
import './resources';

interface QualityPanelProps {
  quality: AssignmentQuality | null | undefined;
  isPending: boolean;
  onRetry?: () => void;
  /** Items left short by the last run, grouped by how many judges they have. */
  short: AssignAccessResult['short'];
}

/**
 * Step 4: how good the current pairs are: mean and worst-served item's affinity, the share from eager
 * bids, the ratio to the optimum's bound, and the histogram of pair affinities.
 */
export function QualityPanel({ quality, isPending, onRetry, short }: QualityPanelProps) {
  const { t } = useTranslation('assignment');
  const format = useFormat();
  const body = () => {
    if (isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (quality === undefined) return <LoadError onRetry={onRetry} />;
    if (quality === null || quality.pairs === 0)
      return <Typography.Text data-testid="assign-quality-none">{t('quality.none')}</Typography.Text>;
    const figures: [string, string, string][] = [
      ['pairs', t('quality.pairs'), format.number(quality.pairs)],
      ['mean', t('quality.meanAffinity'), format.number(quality.mean_affinity, 2)],
      ['mean-item', t('quality.meanItem'), format.number(quality.mean_item_affinity, 2)],
      ['worst-item', t('quality.worstItem'), format.number(quality.worst_item_affinity, 2)],
      ['eager', t('quality.eagerShare'), format.percent(quality.eager_share)],
      [
        'optimum',
        t('quality.optimumRatio'),
        quality.optimum_ratio === null
          ? t('quality.optimumUnknown')
          : format.percent(quality.optimum_ratio, 2),
      ],
    ];
    return (
      <Flex vertical gap={16}>
        <Typography.Text type="secondary">{t(`quality.source_${quality.affinity_source}`)}</Typography.Text>
        <dl className="sl-assign-figures">
          {figures.map(([key, label, value]) => (
            <div key={key} className="sl-assign-figure" data-testid={`quality-${key}`}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        <Typography.Text type="secondary">{t('quality.optimumHelp')}</Typography.Text>
        {short.length > 0 && (
          <Alert
            type="warning"
            showIcon
            title={short.map(({ judges, items }) => t('run.short', { count: items, judges })).join(' ')}
            data-testid="assign-short"
          />
        )}
        <AffinityHistogram buckets={quality.histogram} />
      </Flex>
    );
  };
  return (
    <Card title={t('quality.title')} data-testid="assign-quality">
      {body()}
    </Card>
  );
}
