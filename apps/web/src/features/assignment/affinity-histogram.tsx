import type { HistogramBucket } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format';
import './assignment.css';
import './resources';

/** The share of the plot's height that the tallest bar fills: its count is written above it. */
const TALLEST_BAR = 85;

/**
 * How many pairs reach each level of affinity (the server's buckets), as vertical bars drawn in HTML: the
 * project has no chart library (the usage chart and the box plots are drawn by hand too). Each bucket's
 * figures are also said in words, which a screen reader reads in order.
 */
export function AffinityHistogram({ buckets }: { buckets: readonly HistogramBucket[] }) {
  const { t } = useTranslation('assignment');
  const format = useFormat();
  if (buckets.length === 0) return null;
  const tallest = Math.max(1, ...buckets.map((bucket) => bucket.pairs));
  return (
    <figure className="sl-histogram" data-testid="affinity-histogram">
      <figcaption>{t('quality.histogram')}</figcaption>
      <ul className="sl-histogram-bars">
        {buckets.map((bucket) => (
          <li key={bucket.from} className="sl-histogram-bin" data-testid="histogram-bin">
            <span className="sl-histogram-spoken">
              {t('quality.binLabel', {
                count: bucket.pairs,
                range: `${format.number(bucket.from, 2)}–${format.number(bucket.to, 2)}`,
              })}
            </span>
            <span className="sl-histogram-count" aria-hidden="true">
              {format.number(bucket.pairs)}
            </span>
            <span
              className="sl-histogram-bar"
              style={{ height: `${(bucket.pairs / tallest) * TALLEST_BAR}%` }}
              aria-hidden="true"
            />
            <span className="sl-histogram-range" aria-hidden="true">
              {format.number(bucket.from, 1)}
            </span>
          </li>
        ))}
      </ul>
      <p className="sl-histogram-axis">{t('quality.histogramAxis')}</p>
    </figure>
  );
}
