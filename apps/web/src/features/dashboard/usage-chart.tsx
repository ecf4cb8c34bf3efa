import type { UsageData } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import '../../app/i18n/dashboard-resources';

const BAR_HEIGHT = 18;
const ROW_GAP = 10;
const LABEL_WIDTH = 160;
const CHART_WIDTH = 640;

/** Submissions per workspace as stacked horizontal bars (forms, then judges): the busy teams stand out. */
export function UsageChart({ stats }: { stats: UsageData['statsByTeam'] }) {
  const { t } = useTranslation('dashboard');
  const rows = stats.filter((row) => row.formSubmissions + row.issueSubmissions > 0);
  if (rows.length === 0) return null;
  const largest = Math.max(...rows.map((row) => row.formSubmissions + row.issueSubmissions));
  const scale = (CHART_WIDTH - LABEL_WIDTH - 60) / largest;
  const height = rows.length * (BAR_HEIGHT + ROW_GAP);
  return (
    <figure className="sl-usage-chart">
      <figcaption>{t('usage.chartTitle')}</figcaption>
      <svg viewBox={`0 0 ${CHART_WIDTH} ${height}`} role="img" aria-label={t('usage.chartTitle')}>
        {rows.map((row, index) => {
          const y = index * (BAR_HEIGHT + ROW_GAP);
          const formWidth = row.formSubmissions * scale;
          const judgeWidth = row.issueSubmissions * scale;
          return (
            <g key={row.team_id}>
              <text x={0} y={y + BAR_HEIGHT * 0.75} className="sl-usage-chart-label">
                {row.name.length > 22 ? `${row.name.slice(0, 21)}…` : row.name}
              </text>
              <rect
                x={LABEL_WIDTH}
                y={y}
                width={formWidth}
                height={BAR_HEIGHT}
                className="sl-usage-bar-forms"
              >
                <title>{`${t('usage.formSubmissions')}: ${row.formSubmissions}`}</title>
              </rect>
              <rect
                x={LABEL_WIDTH + formWidth}
                y={y}
                width={judgeWidth}
                height={BAR_HEIGHT}
                className="sl-usage-bar-judges"
              >
                <title>{`${t('usage.issueSubmissions')}: ${row.issueSubmissions}`}</title>
              </rect>
              <text x={LABEL_WIDTH + formWidth + judgeWidth + 6} y={y + BAR_HEIGHT * 0.75}>
                {row.formSubmissions + row.issueSubmissions}
              </text>
            </g>
          );
        })}
      </svg>
      <div className="sl-usage-legend">
        <span className="sl-usage-swatch sl-usage-bar-forms" /> {t('usage.formSubmissions')}
        <span className="sl-usage-swatch sl-usage-bar-judges" /> {t('usage.issueSubmissions')}
      </div>
    </figure>
  );
}
