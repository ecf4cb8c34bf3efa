import { and, eq, inArray, lte } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { notificationSettings } from '../../db/schema/index.ts';

/** A daily digest covers what came since the last one, a day at least. */
const DIGEST_PERIOD_MS = 24 * 60 * 60 * 1000;

/** The active daily settings of one kind whose last digest is a day old or more. */
export const dailyDigestsDue = (type: 'new_form_submissions' | 'new_selection_submissions', now: Date) =>
  and(
    eq(notificationSettings.type, type),
    eq(notificationSettings.frequency, 'daily'),
    eq(notificationSettings.active, true),
    lte(notificationSettings.notifiedUntil, new Date(now.getTime() - DIGEST_PERIOD_MS)),
  );

/** The next digest of these settings starts where this one ended. */
export async function markDigested(tx: Db, settings: { id: number }[], now: Date) {
  await tx
    .update(notificationSettings)
    .set({ notifiedUntil: now })
    .where(
      inArray(
        notificationSettings.id,
        settings.map((setting) => setting.id),
      ),
    );
}
