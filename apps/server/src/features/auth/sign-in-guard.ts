import { setTimeout as sleep } from 'node:timers/promises';
import type { Counters } from '../../http/counter-store.ts';
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
 * other addresses down; they never refuse a right password. The counts are the app's counters: shared by
 * every process on PostgreSQL (decision 44).
 */
export function createSignInGuard(counters: Counters) {
  const perPair = createAttemptThrottle(counters, {
    name: 'sign-in failures per pair',
    ...ACCOUNT_FAILURES,
    maxKeys: 100_000,
  });
  const perAccount = createAttemptThrottle(counters, {
    name: 'sign-in failures per account',
    ...ACCOUNT_FAILURES,
    maxKeys: 100_000,
  });
  const knownAddresses = createAttemptThrottle(counters, {
    name: 'sign-in known addresses',
    max: 1,
    windowMs: KNOWN_ADDRESS_MS,
    maxKeys: 100_000,
  });
  const pairOf = ({ account, address }: SignInAttempt) => `${account}\n${address}`;

  return {
    /** Throws 429 for an unknown address that failed too often itself; otherwise waits as decided. */
    async admit(attempt: SignInAttempt) {
      const pair = pairOf(attempt);
      const isKnown = (await knownAddresses.count(pair)) > 0;
      if (!isKnown) await perPair.check(pair);
      const failures = await (isKnown ? perPair.count(pair) : perAccount.count(attempt.account));
      const delay = delayFor(failures);
      if (delay > 0) await sleep(delay);
    },
    async recordFailure(attempt: SignInAttempt) {
      await Promise.all([perPair.record(pairOf(attempt)), perAccount.record(attempt.account)]);
    },
    /** The address becomes one of the owner's; strangers' failures on the account still count. */
    async recordSuccess(attempt: SignInAttempt) {
      await Promise.all([perPair.reset(pairOf(attempt)), knownAddresses.record(pairOf(attempt))]);
    },
  };
}
