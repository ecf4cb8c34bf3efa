import type { IssueResourcetype } from '@shortlist/contract';

/**
 * One formatter per language, as `formatNumber` (app/i18n/format.ts) writes numbers: up to 3 decimals.
 * Building an `Intl.NumberFormat` costs far more than formatting with one, and a report's page formats
 * three or four values a row (about 10 % of the table's first render, issue 28).
 */
const formatters = new Map<string, Intl.NumberFormat>();

/** A report value as people read it: ratings with up to 3 decimals, counts as whole numbers. */
export function formatValue(value: number | null, language: string) {
  if (value === null) return '—';
  let formatter = formatters.get(language);
  if (!formatter) {
    formatter = new Intl.NumberFormat(language, { maximumFractionDigits: 3 });
    formatters.set(language, formatter);
  }
  return formatter.format(value);
}

/** The name a judge is shown by: full name, else e-mail. */
export function judgeName(user: { first_name: string; last_name: string; email: string }) {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** Upper end of the distribution axis: the rating scale, else the largest judge value of the report. */
export function axisMax(type: IssueResourcetype, maxRating: number | null, largest: number | null) {
  if (type === 'RatingIssue' && maxRating) return maxRating;
  return Math.max(1, largest ?? 0);
}
