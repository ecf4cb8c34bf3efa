import { type SQLWrapper, sql } from 'drizzle-orm';

/**
 * A time as JavaScript's `toISOString` writes it (UTC, milliseconds cut, not rounded, as the driver's
 * Date), as text from the statement: a list sends it as it is, with no Date parsed and formatted per row.
 */
export const isoTime = (time: SQLWrapper) =>
  sql<string>`to_char(${time} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
