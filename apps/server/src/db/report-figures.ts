import { REPORT_VALUE_DECIMALS } from '@shortlist/contract';
import { type SQL, sql } from 'drizzle-orm';

// How a report rounds and spreads its figures: one definition for the columns that store them rounded
// (schema/reports.ts) and for the queries that compute them when no stored figure fits (features/reports).

/** Rounded to the report's decimals through numeric, ties away from zero. */
export const rounded = (value: SQL) =>
  sql`round((${value})::numeric, ${sql.raw(String(REPORT_VALUE_DECIMALS))})::float8`;

/**
 * Population σ from exact sums: the variance in numeric, its square root in float8 (a numeric square root
 * at the sums' 60 decimals cost 25 ms a 2,000-item report, and σ is shown to 3 decimals).
 */
export const sqrtOfVariance = (squares: SQL, sum: SQL, n: SQL) =>
  sql`sqrt(greatest(((${squares} - ${sum} * ${sum} / ${n}) / ${n})::float8, 0))`;
