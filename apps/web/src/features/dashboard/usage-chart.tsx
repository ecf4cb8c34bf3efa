import type { UsageData } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format';
import './resources';

type Row = UsageData['statsByTeam'][number];
const totalOf = (row: Row) => row.formSubmissions + row.issueSubmissions;

/** The share of a row's track that the busiest workspace's bar fills: its total is written after it. */
const LONGEST_BAR = 85;

/**
 * Submissions per workspace as stacked horizontal bars (forms, then judges): the busy teams stand out. Drawn
 * in HTML rather than an SVG scaled to its box, so that names and totals keep their size on a phone.
 */
export function UsageChart({ stats }: { stats: UsageData['statsByTeam'] }) {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const rows = stats.filter((row) => totalOf(row) > 0);
  if (rows.length === 0) return null;
  const largest = Math.max(...rows.map(totalOf));
  const width = (count: number) => `${(count / largest) * LONGEST_BAR}%`;
  return (
    <figure className="sl-usage-chart">
      <figcaption>{t('usage.chartTitle')}</figcaption>
      <div className="sl-usage-rows" role="img" aria-label={t('usage.chartTitle')}>
        {rows.map((row) => (
          <div key={row.team_id} className="sl-usage-row" data-testid="usage-chart-row">
            <span className="sl-usage-label" title={row.name}>
              {row.name}
            </span>
            <span className="sl-usage-track">
              <span
                className="sl-usage-bar sl-usage-bar-forms"
                style={{ width: width(row.formSubmissions) }}
                title={`${t('usage.formSubmissions')}: ${format.number(row.formSubmissions)}`}
              />
              <span
                className="sl-usage-bar sl-usage-bar-judges"
                style={{ width: width(row.issueSubmissions) }}
                title={`${t('usage.issueSubmissions')}: ${format.number(row.issueSubmissions)}`}
              />
              <span className="sl-usage-total">{format.number(totalOf(row))}</span>
            </span>
          </div>
        ))}
      </div>
      <div className="sl-usage-legend">
        <span className="sl-usage-swatch sl-usage-bar-forms" /> {t('usage.formSubmissions')}
        <span className="sl-usage-swatch sl-usage-bar-judges" /> {t('usage.issueSubmissions')}
      </div>
    </figure>
  );
}
