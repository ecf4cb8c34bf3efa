import { sql } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { selectRows } from '../../db/raw-rows.ts';
import { DAY_MS, runOncePer } from '../../jobs/schedule.ts';
import type { BackgroundTask } from '../../jobs/worker.ts';

/**
 * Deletes the entries older than AUDIT_RETENTION_DAYS, once a day whatever the number of processes,
 * through the database's own purge function: the one DELETE the log's trigger lets through.
 */
export function purgeAuditLog(ctx: AppContext, now = new Date()) {
  return runOncePer(ctx.db, { name: 'audit-log-retention', periodMs: DAY_MS, now }, async (tx) => {
    const [row] = await selectRows<{ purged: number }>(
      tx,
      sql`select purge_audit_log(${ctx.config.auditRetentionDays}) as purged`,
    );
    return Number(row?.purged ?? 0);
  });
}

export const auditJobs: BackgroundTask[] = [(ctx: AppContext) => purgeAuditLog(ctx)];
