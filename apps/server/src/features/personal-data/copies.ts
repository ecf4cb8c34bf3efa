import { type AnyColumn, and, asc, inArray, or, type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { idList } from '../../db/raw-rows.ts';
import { mailQueue, outboxMessages, webhookDeliveries, webhooks } from '../../db/schema/index.ts';

/**
 * The copies of what a person gave that the app made for others or for later (issue 53, point 4): mails
 * to them or quoting them, webhook deliveries naming them. Each is found the same way for the export and
 * for the erasure: the team it came from (every team for a superuser), then the address in it or one of
 * the person's items among those it quotes (`item_ids`, kept when it was made).
 */
export interface CopyScope {
  email: string;
  /** null: a superuser's request, every team and the site's own mail. */
  teamId: number | null;
  itemIds: number[];
  /** The person's mass e-mails and respondent mails: queue rows made before `team_id` was kept. */
  batchEmailIds?: number[];
  submissionIds?: number[];
}

export const NOT_SENT_ERASED_MESSAGE = 'Not sent: the personal data it held was erased.';

const isAddress = (column: AnyColumn, email: string) => sql`lower(${column}) = ${email}`;
/** The address anywhere in the texts: a judge is named by it in the admins' notifications. */
const namesAddress = (columns: AnyColumn[], email: string) =>
  sql`position(${email} in lower(concat_ws(' ', ${sql.join(columns, sql`, `)}))) > 0`;
const quotesItems = (column: AnyColumn, itemIds: number[]) =>
  itemIds.length > 0 ? sql`${column} && array[${idList(itemIds)}]::integer[]` : undefined;
const linkedTo = (column: AnyColumn, ids: number[] | undefined) =>
  ids?.length ? inArray(column, ids) : undefined;

function mailsOf(table: typeof mailQueue | typeof outboxMessages, scope: CopyScope, links: SQL[] = []) {
  const about = or(
    isAddress(table.to, scope.email),
    namesAddress([table.subject, table.text, table.html], scope.email),
    quotesItems(table.itemIds, scope.itemIds),
  );
  return or(scope.teamId === null ? about : and(sql`${table.teamId} = ${scope.teamId}`, about), ...links);
}

const queuedMails = (scope: CopyScope) =>
  mailsOf(
    mailQueue,
    scope,
    [
      linkedTo(mailQueue.batchEmailId, scope.batchEmailIds),
      linkedTo(mailQueue.verifiesSubmissionId, scope.submissionIds),
    ].filter((link) => link !== undefined),
  );

const deliveries = (scope: CopyScope) =>
  and(
    scope.teamId === null
      ? undefined
      : sql`${webhookDeliveries.webhookId} in (select ${webhooks.id} from ${webhooks} where ${webhooks.teamId} = ${scope.teamId})`,
    or(
      namesAddress([webhookDeliveries.body], scope.email),
      quotesItems(webhookDeliveries.itemIds, scope.itemIds),
    ),
  );

/** The address stays where it is someone else's (an admin notified): the fact that they were told stays. */
const recipientUnlessPerson = (column: AnyColumn, email: string) =>
  sql`case when ${isAddress(column, email)} then '' else ${column} end`;
const isUnsentMail = sql`${mailQueue.sentAt} is null and ${mailQueue.failedAt} is null`;
const isPending = sql`${webhookDeliveries.status} = 'pending'`;

interface Copy {
  /** The rows as the person's export shows them. */
  collect(db: Db, scope: CopyScope): Promise<unknown[]>;
  /** Blanks their text; what had not gone yet will not go. */
  erase(db: Db, scope: CopyScope): Promise<unknown>;
}

/** One entry per place marked `copy` in places.ts (its test checks both lists agree). */
export const COPIES = {
  mail_queue: {
    collect: (db, scope) =>
      db
        .select({
          to: mailQueue.to,
          subject: mailQueue.subject,
          text: mailQueue.text,
          create_time: mailQueue.createTime,
          sent_time: mailQueue.sentAt,
          failed_time: mailQueue.failedAt,
        })
        .from(mailQueue)
        .where(queuedMails(scope))
        .orderBy(asc(mailQueue.id)),
    erase: (db, scope) =>
      db
        .update(mailQueue)
        .set({
          to: recipientUnlessPerson(mailQueue.to, scope.email),
          subject: '',
          text: '',
          html: null,
          headers: null,
          failedAt: sql`case when ${isUnsentMail} then now() else ${mailQueue.failedAt} end`,
          lastError: sql`case when ${isUnsentMail} then ${NOT_SENT_ERASED_MESSAGE} else ${mailQueue.lastError} end`,
        })
        .where(queuedMails(scope)),
  },
  outbox_messages: {
    collect: (db, scope) =>
      db
        .select({
          to: outboxMessages.to,
          subject: outboxMessages.subject,
          text: outboxMessages.text,
          create_time: outboxMessages.createTime,
        })
        .from(outboxMessages)
        .where(mailsOf(outboxMessages, scope))
        .orderBy(asc(outboxMessages.id)),
    erase: (db, scope) =>
      db
        .update(outboxMessages)
        .set({ to: recipientUnlessPerson(outboxMessages.to, scope.email), subject: '', text: '', html: null })
        .where(mailsOf(outboxMessages, scope)),
  },
  webhook_deliveries: {
    collect: (db, scope) =>
      db
        .select({
          event: webhookDeliveries.event,
          body: webhookDeliveries.body,
          status: webhookDeliveries.status,
          create_time: webhookDeliveries.createTime,
          delivered_time: webhookDeliveries.deliveredAt,
        })
        .from(webhookDeliveries)
        .where(deliveries(scope))
        .orderBy(asc(webhookDeliveries.id)),
    erase: (db, scope) =>
      db
        .update(webhookDeliveries)
        .set({
          body: '',
          status: sql`case when ${isPending} then 'failed' else ${webhookDeliveries.status} end`,
          error: sql`case when ${isPending} then ${NOT_SENT_ERASED_MESSAGE} else ${webhookDeliveries.error} end`,
        })
        .where(deliveries(scope)),
  },
} satisfies Record<string, Copy>;

export type CopyTable = keyof typeof COPIES;

/** Every copy, one statement after the other (in the erasure's transaction they share a connection). */
export async function eraseCopies(db: Db, scope: CopyScope) {
  for (const copy of Object.values(COPIES)) await copy.erase(db, scope);
}

export async function collectCopies(db: Db, scope: CopyScope) {
  const entries: [CopyTable, unknown[]][] = [];
  for (const [table, copy] of Object.entries(COPIES) as [CopyTable, Copy][])
    entries.push([table, await copy.collect(db, scope)]);
  return Object.fromEntries(entries) as Record<CopyTable, unknown[]>;
}
