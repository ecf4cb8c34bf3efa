import { setTimeout as sleep } from 'node:timers/promises';
import { ACCOUNT_FAILURES } from '../../http/rate-limits.ts';
import { createAttemptThrottle } from '../../http/throttle.ts';

/** Waits added once failures reach ACCOUNT_FAILURES.max, doubling with each further max, up to `maxMs`. */
export const SIGN_IN_DELAY = { stepMs: 1000, maxMs: 8000 };
/** How long an address that signed in to an account stays one of its owner's. */
const KNOWN_ADDRESS_MS = 30 * 24 * 3600 * 1000;

/** One sign-in attempt: the account (a user id, or the login typed when none matches) and the client address. */
export interface SignInAttempt {
  account: string;
  address: string;
}

export type SignInGuard = ReturnType<typeof createSignInGuard>;

const delayFor = (failures: number) =>
  failures < ACCOUNT_FAILURES.max
    ? 0
    : Math.min(
        SIGN_IN_DELAY.maxMs,
        SIGN_IN_DELAY.stepMs * 2 ** Math.floor(failures / ACCOUNT_FAILURES.max - 1),
      );

/**
 * Decision 38: an address is refused only for its own failures, and the owner's addresses (those that
 * signed in to the account lately) are slowed down, never refused. Failures from strangers slow the
 * other addresses down; they never refuse a right password. Async, so that the counts can move to
 * PostgreSQL (issue 17) without changing the callers.
 */
export function createSignInGuard() {
  const perPair = createAttemptThrottle({ ...ACCOUNT_FAILURES, maxKeys: 100_000 });
  const perAccount = createAttemptThrottle({ ...ACCOUNT_FAILURES, maxKeys: 100_000 });
  const knownAddresses = createAttemptThrottle({ max: 1, windowMs: KNOWN_ADDRESS_MS, maxKeys: 100_000 });
  const pairOf = ({ account, address }: SignInAttempt) => `${account}\n${address}`;

  return {
    /** Throws 429 for an unknown address that failed too often itself; otherwise waits as decided. */
    async admit(attempt: SignInAttempt) {
      const pair = pairOf(attempt);
      const isKnown = knownAddresses.count(pair) > 0;
      if (!isKnown) perPair.check(pair);
      const failures = isKnown ? perPair.count(pair) : perAccount.count(attempt.account);
      const delay = delayFor(failures);
      if (delay > 0) await sleep(delay);
    },
    async recordFailure(attempt: SignInAttempt) {
      perPair.record(pairOf(attempt));
      perAccount.record(attempt.account);
    },
    /** The address becomes one of the owner's; strangers' failures on the account still count. */
    async recordSuccess(attempt: SignInAttempt) {
      perPair.reset(pairOf(attempt));
      knownAddresses.record(pairOf(attempt));
    },
  };
}
