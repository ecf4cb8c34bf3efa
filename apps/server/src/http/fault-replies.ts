import { databaseWait } from '../db/database-wait.ts';

/** How long a client should wait before trying again after a fault it did not cause. */
export const RETRY_AFTER_SECONDS = 5;

/** The disk's own refusals: full, read-only, not ours to write, failing. */
const STORAGE_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
const STORAGE_UNAVAILABLE_CODES = new Set(['EROFS', 'EACCES', 'EPERM', 'EIO']);

const FAULTS = {
  DATABASE_TIMEOUT: { status: 503, detail: 'The database took too long to answer; please try again.' },
  DATABASE_UNAVAILABLE: {
    status: 503,
    detail: 'The database is not answering; please try again in a moment.',
  },
  STORAGE_FULL: { status: 507, detail: 'The server has no room left to store this; please try again later.' },
  STORAGE_UNAVAILABLE: { status: 503, detail: 'The server cannot write its files; please try again later.' },
};
export type Fault = keyof typeof FAULTS;

function faultOf(error: unknown): Fault | undefined {
  const wait = databaseWait(error);
  if (wait) return wait === 'timeout' ? 'DATABASE_TIMEOUT' : 'DATABASE_UNAVAILABLE';
  for (let cause = error; cause instanceof Error; cause = cause.cause) {
    const { code, syscall } = cause as NodeJS.ErrnoException;
    // Only a system call's error: the same codes elsewhere (a refused SMTP login's EPERM…) are not the disk.
    if (!code || !syscall) continue;
    if (STORAGE_FULL_CODES.has(code)) return 'STORAGE_FULL';
    if (STORAGE_UNAVAILABLE_CODES.has(code)) return 'STORAGE_UNAVAILABLE';
  }
  return undefined;
}

/**
 * A fault of the database or the disk as the reply a person can act on (try again, and when), in place of
 * a generic 500; undefined for any other error.
 */
export function faultReply(error: unknown) {
  const code = faultOf(error);
  if (!code) return undefined;
  const { status, detail } = FAULTS[code];
  return { status, body: { code, detail } };
}
