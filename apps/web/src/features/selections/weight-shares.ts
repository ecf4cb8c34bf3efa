import { formatPercent } from '../../lib/i18n/format';

/** Each criterion's weight as a percent of the total, rounded to one decimal (spec §5), in `language`. */
export function weightShares(weights: readonly number[], language: string): string[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => formatPercent(total > 0 ? weight / total : 0, language));
}
