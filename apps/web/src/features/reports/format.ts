import type { IssueResourcetype } from '@shortlist/contract';
import { formatNumber } from '../../lib/i18n/format';

/** A report value as people read it: ratings with up to 3 decimals, counts as whole numbers. */
export const formatValue = (value: number | null, language: string) =>
  value === null ? '—' : formatNumber(value, language);

/** The name a judge is shown by: full name, else e-mail. */
export function judgeName(user: { first_name: string; last_name: string; email: string }) {
  return `${user.first_name} ${user.last_name}`.trim() || user.email;
}

/** Upper end of the distribution axis: the rating scale, else the largest judge value of the report. */
export function axisMax(type: IssueResourcetype, maxRating: number | null, largest: number | null) {
  if (type === 'RatingIssue' && maxRating) return maxRating;
  return Math.max(1, largest ?? 0);
}
