import type { Audience, AudienceCount, CreateEmailsResult } from '@shortlist/contract';
import { invalidPkMessage } from '@shortlist/contract';
import { and, asc, eq, sql } from 'drizzle-orm';
import { requireRowsOfTeam } from '../../access/rows-of-team.ts';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, emailBatches, intakeForms, issues } from '../../db/schema/index.ts';
import { fieldErrors } from '../../http/errors.ts';
import { datasetConditions } from '../../item-reads/dataset-filters.ts';
import type { BatchRow } from './access.ts';
import { createEmails } from './batch-emails.ts';
import { requireDraft } from './batches.ts';
import { recipientsOf } from './recipients.ts';

async function requireTeamForm(db: Db, teamId: number, formId: number) {
  const [form] = await db
    .select({ id: intakeForms.id })
    .from(intakeForms)
    .where(and(eq(intakeForms.id, formId), eq(intakeForms.teamId, teamId)));
  if (!form) throw fieldErrors({ form: [invalidPkMessage(formId)] });
}

/**
 * The team's items that match every filter of the audience (docs/emails.md, "Audience"): answers of a
 * form, items of a selection, with a tag — the items list's own filters —, of a round (of that selection,
 * if one is given), with a decision (or a decision not yet sent).
 */
export async function audienceItems(db: Db, teamId: number, audience: Audience): Promise<number[]> {
  if (audience.form !== undefined) await requireTeamForm(db, teamId, audience.form);
  if (audience.issue !== undefined) await requireRowsOfTeam(db, issues, teamId, [audience.issue], 'issue');
  const filters = [
    datasetConditions(db, { team: teamId, form: audience.form, issue: audience.issue, tag: audience.tag }),
  ];
  if (audience.round !== undefined) {
    filters.push(sql`EXISTS (SELECT 1 FROM item_rounds r JOIN issues i ON i.id = r.issue_id
      WHERE r.dataset_id = ${datasets.id} AND r.round = ${audience.round} AND i.team_id = ${teamId}
      ${audience.issue === undefined ? sql`` : sql`AND r.issue_id = ${audience.issue}`})`);
  }
  if (audience.decision !== undefined || audience.decision_pending) {
    filters.push(sql`EXISTS (SELECT 1 FROM item_decisions c WHERE c.dataset_id = ${datasets.id}
      ${audience.decision === undefined ? sql`` : sql`AND c.decision = ${audience.decision}`}
      ${audience.decision_pending ? sql`AND c.decision IS DISTINCT FROM c.sent_decision` : sql``})`);
  }
  const rows = await db
    .select({ id: datasets.id })
    .from(datasets)
    .where(and(...filters))
    .orderBy(asc(datasets.id));
  return rows.map((row) => row.id);
}

/** How many items the audience holds, and how many of them have an address: shown before sending. */
export async function countAudience(
  ctx: AppContext,
  teamId: number,
  audience: Audience,
): Promise<AudienceCount> {
  const ids = await audienceItems(ctx.db, teamId, audience);
  const addresses = await recipientsOf(ctx.db, teamId, ids);
  return { nb_datasets: ids.length, nb_with_email: addresses.size };
}

/**
 * Adds the audience's items to a draft, as `create_emails` adds ticked ones. An audience of a selection
 * makes it the batch's selection, whose rank, round and feedback the variables read, unless it has one.
 */
export async function addAudience(
  ctx: AppContext,
  team: TeamRow,
  batch: BatchRow,
  input: { audience: Audience; email_field?: number | null },
): Promise<CreateEmailsResult> {
  requireDraft(batch);
  const ids = await audienceItems(ctx.db, team.id, input.audience);
  if (input.audience.issue !== undefined && batch.issueId === null) {
    await ctx.db
      .update(emailBatches)
      .set({ issueId: input.audience.issue, isRendered: false })
      .where(and(eq(emailBatches.id, batch.id), eq(emailBatches.status, 'draft')));
  }
  if (ids.length === 0) {
    return { nb_datasets: 0, nb_emails: 0, nb_without_email: 0, nb_unsubscribed: 0, nb_invalid: 0 };
  }
  return createEmails(ctx, team, batch, { datasets: ids, email_field: input.email_field });
}
