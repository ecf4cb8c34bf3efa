import { lte } from 'drizzle-orm';
import type { Db } from '../db/client.ts';
import { scheduledRuns } from '../db/schema/index.ts';

export const DAY_MS = 24 * 60 * 60 * 1000;

/**
 * Runs `work` if no process ran `name` in the last `periodMs`, however many processes try at once: the
 * claim is one upsert that only moves a run older than the period, and the work shares its transaction,
 * so that a failed run is claimed again at the next try and a second process waits, then finds it done.
 */
export async function runOncePer<T>(
  db: Db,
  { name, periodMs, now = new Date() }: { name: string; periodMs: number; now?: Date },
  work: (tx: Db) => Promise<T>,
): Promise<{ ran: true; result: T } | { ran: false }> {
  return db.transaction(async (tx) => {
    const claimed = await tx
      .insert(scheduledRuns)
      .values({ name, lastRunAt: now })
      .onConflictDoUpdate({
        target: scheduledRuns.name,
        set: { lastRunAt: now },
        setWhere: lte(scheduledRuns.lastRunAt, new Date(now.getTime() - periodMs)),
      })
      .returning({ name: scheduledRuns.name });
    if (claimed.length === 0) return { ran: false as const };
    return { ran: true as const, result: await work(tx) };
  });
}
