import { USAGE_DEFAULT_DAYS } from '@shortlist/contract';

const isoDay = (date: Date) => date.toISOString().slice(0, 10);
const DAY_PATTERN = /^\d{4}-\d{2}-\d{2}$/;

/** The page's period from its query, else the spec's default: the last 30 days, today included. */
export function readUsageRange(params: URLSearchParams, today = new Date()) {
  const start = new Date(today);
  start.setUTCDate(start.getUTCDate() - (USAGE_DEFAULT_DAYS - 1));
  const from = params.get('from') ?? '';
  const toDate = params.get('toDate') ?? '';
  return {
    from: DAY_PATTERN.test(from) ? from : isoDay(start),
    toDate: DAY_PATTERN.test(toDate) ? toDate : isoDay(today),
  };
}
