import { type Planner, spearmanBrown } from '@shortlist/contract';
import { Card, Flex, InputNumber, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format';
import { LoadError } from '../../lib/layout/load-error';
import { usePlanner } from './use-assignment';
import './assignment.css';
import './resources';

const TARGET_DEFAULT = 0.8;
/** The table goes two judges past what the target needs (or what items have now), up to this. */
const ROWS_MAX = 15;

/** R(n) for n = 1…: the reliability of an item's mean with n judges, from the measured α. */
function reliabilityRows(planner: Planner): { judges: number; reliability: number }[] {
  const alpha = planner.alpha;
  if (alpha === null || alpha <= 0) return [];
  const last = Math.min(
    ROWS_MAX,
    Math.max(planner.needed_judges_per_item ?? 1, Math.ceil(planner.judges_per_item ?? 1)) + 2,
  );
  return Array.from({ length: last }, (_, k) => ({
    judges: k + 1,
    reliability: Math.min(1, spearmanBrown(alpha, k + 1)),
  }));
}

/**
 * How many judges per item a target reliability needs (Spearman–Brown on the agreement measured so far):
 * the figures, and a table of the reliability for each number of judges, each row with a bar for the eye
 * (the table's figures are what a screen reader reads).
 */
export function PlannerCard({ issueId }: { issueId: number }) {
  const { t } = useTranslation('assignment');
  const format = useFormat();
  const [target, setTarget] = useState(TARGET_DEFAULT);
  const planner = usePlanner(issueId, target);

  const body = () => {
    if (planner.isPending) return <Skeleton active paragraph={{ rows: 3 }} />;
    if (!planner.data) return <LoadError onRetry={() => void planner.refetch()} />;
    const data = planner.data;
    if (data.alpha === null || data.needed_judges_per_item === null)
      return (
        <Typography.Text data-testid="planner-unknown">
          {data.alpha === null ? t('planner.noAlpha') : t('planner.noAgreement')}
        </Typography.Text>
      );
    const rows = reliabilityRows(data);
    const figures: [string, string, string][] = [
      ['alpha', t('planner.alpha'), format.number(data.alpha, 2)],
      [
        'current',
        t('planner.current'),
        data.judges_per_item === null ? '—' : format.number(data.judges_per_item, 1),
      ],
      [
        'reliability',
        t('planner.reliability'),
        data.reliability === null ? '—' : format.number(data.reliability, 2),
      ],
      [
        'needed',
        t('planner.needed', { target: format.number(target, 2) }),
        format.number(data.needed_judges_per_item),
      ],
    ];
    return (
      <Flex vertical gap={12}>
        <dl className="sl-assign-figures">
          {figures.map(([key, label, value]) => (
            <div key={key} className="sl-assign-figure" data-testid={`planner-${key}`}>
              <dt>{label}</dt>
              <dd>{value}</dd>
            </div>
          ))}
        </dl>
        {rows.length > 0 && (
          <table className="sl-planner-table" data-testid="planner-table">
            <caption>{t('planner.caption')}</caption>
            <thead>
              <tr>
                <th scope="col">{t('planner.judges')}</th>
                <th scope="col">{t('planner.itemReliability')}</th>
                <th scope="col">{t('planner.reachesTarget')}</th>
              </tr>
            </thead>
            <tbody>
              {rows.map((row) => (
                <tr key={row.judges} className={row.reliability >= target ? 'sl-planner-reached' : undefined}>
                  <th scope="row">{format.number(row.judges)}</th>
                  <td>
                    <span className="sl-planner-bar" aria-hidden="true">
                      <span style={{ width: `${row.reliability * 100}%` }} />
                    </span>
                    {format.number(row.reliability, 2)}
                  </td>
                  <td>{row.reliability >= target ? t('planner.yes') : t('planner.no')}</td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </Flex>
    );
  };

  return (
    <Card title={t('planner.title')} data-testid="assign-planner">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('planner.intro')}</Typography.Text>
        <Flex vertical gap={4}>
          <label htmlFor="planner-target">{t('planner.target')}</label>
          <InputNumber
            id="planner-target"
            min={0.5}
            max={0.99}
            step={0.05}
            precision={2}
            decimalSeparator={format.decimalSeparator}
            value={target}
            onChange={(value) => value !== null && value > 0 && value < 1 && setTarget(value)}
            data-testid="planner-target"
          />
        </Flex>
        {body()}
      </Flex>
    </Card>
  );
}
