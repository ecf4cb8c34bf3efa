import type { FastifyRateLimitStore } from '@fastify/rate-limit';
import { and, eq, gt, lt, sql } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { rateAttempts, rateCounters } from '../db/schema/index.ts';

/**
 * Counts behind every limit (decision 44): fixed windows for the per-IP limits of @fastify/rate-limit,
 * sliding windows of attempts for the throttles (failed sign-ins, reset e-mails, …).
 */
export interface CounterStore {
  /** Adds a hit to the key's fixed window; the hits in it so far and the milliseconds until it ends. */
  increment(key: string, windowMs: number): Promise<{ count: number; resetMs: number }>;
  /** Records one attempt, counted for windowMs. */
  record(key: string, windowMs: number): Promise<void>;
  /** Attempts recorded within the last windowMs, and how old the oldest of them is. */
  recent(key: string, windowMs: number): Promise<{ count: number; oldestAgeMs: number }>;
  /** Forgets the key's attempts. */
  reset(key: string): Promise<void>;
}

/** The counters of one engine: memory on the embedded one (one process), tables on PostgreSQL (N). */
export interface Counters {
  kind: 'memory' | 'postgres';
  /** One limit's counters: memory keeps each in its own map (at most maxKeys), PostgreSQL prefixes keys. */
  open(name: string, options?: { maxKeys?: number }): CounterStore;
  /** Deletes what has expired; memory forgets as it goes and its maps are capped. */
  purge(): Promise<void>;
}

const DEFAULT_MAX_KEYS = 10_000;

/** One process's counters, as before issue 17: a restart forgets them. */
export function createMemoryCounters(): Counters {
  return {
    kind: 'memory',
    open(_name, { maxKeys = DEFAULT_MAX_KEYS } = {}) {
      const attempts = new Map<string, number[]>();
      const windows = new Map<string, { hits: number; resetsAt: number }>();
      // Oldest keys are dropped beyond maxKeys, so that a flood of keys cannot exhaust memory.
      const cap = (map: Map<string, unknown>) => {
        if (map.size > maxKeys) map.delete(map.keys().next().value as string);
      };
      const recentTimes = (key: string, windowMs: number, now: number) =>
        (attempts.get(key) ?? []).filter((t) => now - t < windowMs);

      return {
        async increment(key, windowMs) {
          const now = Date.now();
          const current = windows.get(key);
          const window =
            current && current.resetsAt > now
              ? { hits: current.hits + 1, resetsAt: current.resetsAt }
              : { hits: 1, resetsAt: now + windowMs };
          windows.set(key, window);
          cap(windows);
          return { count: window.hits, resetMs: window.resetsAt - now };
        },
        async record(key, windowMs) {
          const now = Date.now();
          attempts.set(key, [...recentTimes(key, windowMs, now), now]);
          cap(attempts);
        },
        async recent(key, windowMs) {
          const now = Date.now();
          const times = recentTimes(key, windowMs, now);
          if (times.length > 0) attempts.set(key, times);
          else attempts.delete(key);
          return { count: times.length, oldestAgeMs: now - (times[0] ?? now) };
        },
        async reset(key) {
          attempts.delete(key);
        },
      };
    },
    async purge() {},
  };
}

const millis = (ms: number) => sql`(${ms}::double precision * interval '1 millisecond')`;

/**
 * Counters shared by every process on one PostgreSQL, on the database's clock. One statement per call:
 * the fixed window is an atomic upsert (concurrent hits wait for the row and count one after the other);
 * attempts are rows read by an index on (key, at).
 */
export function createPostgresCounters(db: Db): Counters {
  return {
    kind: 'postgres',
    open(name) {
      const prefixed = (key: string) => `${name}\n${key}`;
      return {
        async increment(key, windowMs) {
          const isOver = sql`${rateCounters.resetsAt} <= now()`;
          const [row] = await db
            .insert(rateCounters)
            .values({ key: prefixed(key), hits: 1, resetsAt: sql`now() + ${millis(windowMs)}` })
            .onConflictDoUpdate({
              target: rateCounters.key,
              set: {
                hits: sql`case when ${isOver} then 1 else ${rateCounters.hits} + 1 end`,
                resetsAt: sql`case when ${isOver} then excluded.resets_at else ${rateCounters.resetsAt} end`,
              },
            })
            .returning({
              count: rateCounters.hits,
              resetMs: sql<number>`(extract(epoch from ${rateCounters.resetsAt} - now()) * 1000)::float8`,
            });
          return { count: row?.count ?? 1, resetMs: Math.max(0, Math.round(row?.resetMs ?? windowMs)) };
        },
        async record(key, windowMs) {
          await db
            .insert(rateAttempts)
            .values({ key: prefixed(key), at: sql`now()`, expiresAt: sql`now() + ${millis(windowMs)}` });
        },
        async recent(key, windowMs) {
          const [row] = await db
            .select({
              count: sql<number>`count(*)::int`,
              oldestAgeMs: sql<
                number | null
              >`(extract(epoch from now() - min(${rateAttempts.at})) * 1000)::float8`,
            })
            .from(rateAttempts)
            .where(
              and(eq(rateAttempts.key, prefixed(key)), gt(rateAttempts.at, sql`now() - ${millis(windowMs)}`)),
            );
          return { count: row?.count ?? 0, oldestAgeMs: Math.round(row?.oldestAgeMs ?? 0) };
        },
        async reset(key) {
          await db.delete(rateAttempts).where(eq(rateAttempts.key, prefixed(key)));
        },
      };
    },
    async purge() {
      await db.delete(rateCounters).where(lt(rateCounters.resetsAt, sql`now()`));
      await db.delete(rateAttempts).where(lt(rateAttempts.expiresAt, sql`now()`));
    },
  };
}

/**
 * A `store` for @fastify/rate-limit that counts in the given counters, one set per route (as its own
 * in-memory store does), so that a per-IP limit holds across processes on PostgreSQL.
 */
export function rateLimitStoreOf(counters: Counters) {
  return class CounterRateLimitStore implements FastifyRateLimitStore {
    private readonly store: CounterStore;

    constructor(_options: unknown, name = 'ip *') {
      this.store = counters.open(name, { maxKeys: 5_000 });
    }

    incr(
      key: string,
      callback: (error: Error | null, result?: { current: number; ttl: number }) => void,
      timeWindow: number,
    ) {
      this.store.increment(key, timeWindow).then(
        ({ count, resetMs }) => callback(null, { current: count, ttl: resetMs }),
        (error: Error) => callback(error),
      );
    }

    child(routeOptions: unknown) {
      // The plugin passes its merged parameters, the route under `routeInfo`, as its Redis store reads them.
      const route = (routeOptions as { routeInfo?: { method?: unknown; url?: string } }).routeInfo;
      return new CounterRateLimitStore({}, `ip ${String(route?.method ?? '*')} ${route?.url ?? '*'}`);
    }
  };
}
