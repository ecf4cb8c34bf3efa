/**
 * What a failed query says about the database itself, apart from the query: it did not answer in time
 * (`timeout`: a statement cancelled by its timeout) or not at all (`unavailable`: no connection in time, a
 * server that went silent, stopped or refused). Either is worth a retry; neither is the request's fault.
 */
export type DatabaseWait = 'timeout' | 'unavailable';

/** PostgreSQL's SQLSTATEs: query_canceled, then the server shutting down, full or unreachable. */
const TIMEOUT_STATES = new Set(['57014']);
const UNAVAILABLE_STATES = new Set(['57P01', '57P02', '57P03', '53300', '08000', '08001', '08003', '08006']);
const UNAVAILABLE_SOCKET_CODES = new Set(['ECONNREFUSED', 'ECONNRESET', 'ETIMEDOUT', 'EPIPE']);
/** node-postgres's own words for a connection or a reply that did not come in time. */
const UNAVAILABLE_MESSAGES = [
  'timeout exceeded when trying to connect',
  'Connection terminated due to connection timeout',
  'Connection terminated unexpectedly',
  'Query read timeout',
];

export function databaseWait(error: unknown): DatabaseWait | undefined {
  // drizzle keeps the driver's error as its `cause`.
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const code = (cause as { code?: unknown }).code;
    if (typeof code === 'string' && TIMEOUT_STATES.has(code)) return 'timeout';
    if (typeof code === 'string' && (UNAVAILABLE_STATES.has(code) || UNAVAILABLE_SOCKET_CODES.has(code)))
      return 'unavailable';
    if (UNAVAILABLE_MESSAGES.some((message) => cause.message.includes(message))) return 'unavailable';
  }
  return undefined;
}
