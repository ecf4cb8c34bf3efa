import { batchEmails, emailBatches } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';

/** A sent mailing "Results" of the team with one e-mail about the item, written straight to the database. */
export async function sentMailing(
  t: TestApp,
  {
    teamId,
    ...mail
  }: { teamId: number; datasetId: number; to: string; subject: string; htmlMessage: string },
) {
  const [batch] = await t.db
    .insert(emailBatches)
    .values({ teamId, title: 'Results', status: 'sent' })
    .returning();
  if (!batch) throw new Error('no mailing');
  await t.db.insert(batchEmails).values({ batchId: batch.id, ...mail, status: 0, sentTime: new Date() });
}
