import pg from 'pg';
import { afterEach, describe, expect, it } from 'vitest';
import { databaseWait } from './database-wait.ts';
import { QueuedPool } from './queued-pool.ts';

const url = process.env.TEST_DATABASE_URL;
const CONNECT_MS = 500;
const pools: pg.Pool[] = [];

function queuedPool(queueMs: number) {
  const pool = new QueuedPool(
    { connectionString: url, max: 2, connectionTimeoutMillis: CONNECT_MS },
    queueMs,
  );
  pools.push(pool);
  return pool;
}

/** Eight statements of 300 ms at once on two connections: the last waits about 900 ms for one. */
const rush = (pool: pg.Pool) =>
  Promise.all(
    Array.from({ length: 8 }, (_, i) =>
      pool.query('select $1::int as i, pg_sleep(0.3)', [i]).then(
        (result) => result.rows[0].i as number,
        (error: unknown) => databaseWait(error) ?? String(error),
      ),
    ),
  );

describe.runIf(url)('a pool of connections busy with a rush', () => {
  afterEach(async () => {
    await Promise.all(pools.splice(0).map((pool) => pool.end()));
  });

  it('queues requests past the connection’s bound, in order, where pg-pool alone fails them', async () => {
    const bare = new pg.Pool({ connectionString: url, max: 2, connectionTimeoutMillis: CONNECT_MS });
    pools.push(bare);
    expect((await rush(bare)).filter((outcome) => outcome === 'unavailable').length).toBeGreaterThan(0);

    const finished: number[] = [];
    const pool = queuedPool(10_000);
    const outcomes = await Promise.all(
      Array.from({ length: 8 }, (_, i) => pool.query('select pg_sleep(0.3)').then(() => finished.push(i))),
    );
    expect(outcomes).toHaveLength(8);
    // Two at a time, first come first served.
    expect(finished.slice(0, 4).sort()).toEqual([0, 1, 2, 3]);
    expect(pool.queued).toBe(0);
  });

  it('answers unavailable past the queue’s bound, and gives every connection back, failed or not', async () => {
    const pool = queuedPool(400);
    const outcomes = await rush(pool);
    expect(outcomes.slice(0, 2)).toEqual([0, 1]);
    expect(outcomes.filter((outcome) => outcome === 'unavailable').length).toBeGreaterThan(0);
    // A failed statement and a transaction's client release their places like the others.
    await expect(pool.query('select 1/0')).rejects.toThrow();
    const client = await pool.connect();
    await client.query('begin');
    await client.query('rollback');
    client.release();
    expect((await rush(queuedPool(10_000))).sort((a, b) => Number(a) - Number(b))).toEqual([
      0, 1, 2, 3, 4, 5, 6, 7,
    ]);
    expect(await Promise.all([pool.query('select 1'), pool.query('select 2')])).toHaveLength(2);
  });
});
