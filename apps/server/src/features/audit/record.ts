import {
  AUDIT_CHANGES_MAX,
  type AuditAction,
  type AuditActorKind,
  type AuditChanges,
  type AuditObjectType,
} from '@shortlist/contract';
import { type SQL, sql } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { auditLog, issues } from '../../db/schema/index.ts';
import { signedInUserId } from '../../http/request-actor.ts';

/** Who made a change: judges and respondents are named by the service that knows them. */
export type AuditActor =
  | { kind: Extract<AuditActorKind, 'user' | 'judge'>; id: number }
  | { kind: Extract<AuditActorKind, 'respondent' | 'system'> };

export const SYSTEM_ACTOR: AuditActor = { kind: 'system' };

export interface AuditWrite {
  /** The team, or a subquery that finds it (`teamOfIssue`) where the caller holds no team row. */
  teamId: number | SQL;
  action: AuditAction;
  objectType: AuditObjectType;
  objectId: number | null;
  changes?: AuditChanges;
  /** Absent: the request's signed-in user, or the server when there is none (background work). */
  actor?: AuditActor;
}

/**
 * Writes entries of the audit log in one INSERT. Pass the transaction that makes the change, so that the
 * log holds every change that happened and none that did not (never a second transaction, never after
 * the commit).
 */
export async function recordAudit(db: Pick<Db, 'insert'>, entries: AuditWrite | AuditWrite[]) {
  const list = [entries].flat();
  if (list.length === 0) return;
  const userId = signedInUserId();
  const fallback: AuditActor = userId === undefined ? SYSTEM_ACTOR : { kind: 'user', id: userId };
  await db.insert(auditLog).values(
    list.map(({ actor = fallback, ...entry }) => ({
      teamId: entry.teamId,
      actorKind: actor.kind,
      actorId: 'id' in actor ? actor.id : null,
      action: entry.action,
      objectType: entry.objectType,
      objectId: entry.objectId,
      changes: entry.changes ?? {},
    })),
  );
}

/** The start of an entry about a selection: its team and itself. */
export const selectionEntry = (issue: { id: number; teamId: number }) => ({
  teamId: issue.teamId,
  objectType: 'selection' as const,
  objectId: issue.id,
});

/** Access given to a judge (by an admin, or by the judge through the public link). */
export const judgeAdded = (
  issue: { id: number; teamId: number },
  userId: number,
  actor?: AuditActor,
): AuditWrite => ({
  ...selectionEntry(issue),
  action: 'judge.added',
  changes: { judge: [null, userId] },
  actor,
});

/** The team of a selection, read by the entry's own INSERT. */
export const teamOfIssue = (issueId: number) =>
  sql`(select ${issues.teamId} from ${issues} where ${issues.id} = ${issueId})`;

/** Ids added or removed as one change, capped: past AUDIT_CHANGES_MAX, the rest are counted under `more`. */
export function idsChange(key: string, ids: number[], side: 'added' | 'removed'): AuditChanges {
  const listed = ids.slice(0, AUDIT_CHANGES_MAX);
  const more = ids.length - listed.length;
  return {
    [key]: side === 'added' ? [null, listed] : [listed, null],
    ...(more > 0 ? { more: [null, more] } : {}),
  };
}

/**
 * Never in the log: secrets, and what only the app uses (a selection's counter of item numbers, which
 * adding items moves, and the scheduler's marks of a deadline's reminder and closing).
 */
const LEFT_OUT = new Set([
  'id',
  'teamId',
  'issueId',
  'createTime',
  'updateTime',
  'secret',
  'token',
  'tokenHash',
  'passwordHash',
  'itemNumbers',
  'remindedAt',
  'deadlineClosedAt',
]);

const snakeCase = (key: string) => key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);

function comparable(value: unknown): unknown {
  if (value instanceof Date) return value.toISOString();
  return value === undefined ? null : value;
}

const isEmpty = (value: unknown) => value === null || value === '';

/**
 * The fields that differ between two versions of a row, as `{column: [old, new]}` (the database's names);
 * a created row has no `before` (its empty fields are left out), a deleted one no `after` (likewise).
 * Dates become ISO text; secrets never appear.
 */
export function diffRows(
  before: Record<string, unknown> | null | undefined,
  after: Record<string, unknown> | null | undefined,
): AuditChanges {
  const changes: AuditChanges = {};
  const keys = new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})]);
  for (const key of keys) {
    if (LEFT_OUT.has(key)) continue;
    const old = comparable(before?.[key]);
    const value = comparable(after?.[key]);
    if (!before && isEmpty(value)) continue;
    if (!after && isEmpty(old)) continue;
    if (JSON.stringify(old) !== JSON.stringify(value)) changes[snakeCase(key)] = [old, value];
  }
  return changes;
}

/** The export actions and the object each is about. */
const EXPORT_OBJECTS = {
  'export.report': 'selection',
  'export.items': 'item',
  'export.merge': 'merge',
  'export.item_type': 'item_type',
  'export.audit_log': 'audit_log',
} as const satisfies Partial<Record<AuditAction, AuditObjectType>>;

/**
 * An export of the team's data: what was exported and with which filters, written before the file is
 * streamed (an export changes nothing, so it has no transaction of its own to join).
 */
export function recordExport(
  db: Pick<Db, 'insert'>,
  teamId: number,
  action: keyof typeof EXPORT_OBJECTS,
  filters: Record<string, unknown>,
  objectId: number | null = null,
) {
  const changes: AuditChanges = {};
  for (const [key, value] of Object.entries(filters))
    if (value !== undefined && value !== null && value !== '') changes[key] = [null, value];
  return recordAudit(db, { teamId, action, objectType: EXPORT_OBJECTS[action], objectId, changes });
}
