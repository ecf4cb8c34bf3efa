import type { AuditEntry, AuditFilter, AuditRefs } from '@shortlist/contract';
import { and, count, desc, eq, gte, inArray, lt, type SQL, sql } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Db } from '../../db/client.ts';
import { isoTime } from '../../db/iso-time.ts';
import { auditLog, datasets, issueQuestions, issues, users } from '../../db/schema/index.ts';

/**
 * Whether the team erased this user's personal data (decision 85): its log then shows their id and never
 * their address, even where the user still exists for another team.
 */
const isErasedIn = (teamId: SQL | number, userId: SQL) => sql<boolean>`exists (
  select 1 from audit_log e where e.team_id = ${teamId} and e.action = 'personal_data.erased'
    and e.object_type = 'person' and (e.changes -> 'judges' -> 0) @> to_jsonb(${userId}))`;

/** The title of a team's object of this table, as a subquery of the entry (`a`). */
const titleOf = (table: string, column = 'title') =>
  `(select o.${column} from ${table} o where o.id = a.object_id and o.team_id = a.team_id)`;

/** The object's title (or address) as it is now: null once it is gone or outside the team. */
const objectLabel = sql<string | null>`case a.object_type
  when 'team' then (select o.title from teams o where o.id = a.object_id)
  when 'member' then (select u.email from team_members o join users u on u.id = o.user_id
    where o.id = a.object_id and o.team_id = a.team_id)
  when 'selection' then ${sql.raw(titleOf('issues'))}
  when 'item' then ${sql.raw(titleOf('datasets'))}
  when 'merge' then ${sql.raw(titleOf('issue_merges'))}
  when 'mailing' then ${sql.raw(titleOf('email_batches'))}
  when 'form' then ${sql.raw(titleOf('intake_forms'))}
  when 'webhook' then ${sql.raw(titleOf('webhooks', 'url'))}
  when 'item_type' then ${sql.raw(titleOf('data_models'))}
  end`;

/** The log read as `a` (its subqueries name the entry's columns so). */
const entries = alias(auditLog, 'a');

export const auditColumns = {
  id: entries.id,
  time: isoTime(entries.time),
  actorKind: entries.actorKind,
  actorId: entries.actorId,
  actorEmail: sql<string | null>`(select u.email from users u where u.id = a.actor_id
    and not ${isErasedIn(sql`a.team_id`, sql`a.actor_id`)})`,
  action: entries.action,
  objectType: entries.objectType,
  objectId: entries.objectId,
  objectLabel,
  changes: entries.changes,
};

/** The conditions of the list's filters; the team's own always comes first (the indexes start with it). */
export function auditConditions(teamId: number, filter: AuditFilter): SQL | undefined {
  const conditions: (SQL | undefined)[] = [eq(entries.teamId, teamId)];
  if (filter.actor !== undefined) conditions.push(eq(entries.actorId, filter.actor));
  if (filter.actor_kind) conditions.push(eq(entries.actorKind, filter.actor_kind));
  if (filter.action) conditions.push(eq(entries.action, filter.action));
  if (filter.object_type) conditions.push(eq(entries.objectType, filter.object_type));
  if (filter.object_id !== undefined) conditions.push(eq(entries.objectId, filter.object_id));
  if (filter.since) conditions.push(gte(entries.time, new Date(filter.since)));
  if (filter.until) conditions.push(lt(entries.time, new Date(filter.until)));
  return and(...conditions);
}

export type AuditRow = Awaited<ReturnType<typeof readAuditRows>>[number];

/** A page of entries, newest first. */
export function readAuditRows(db: Db, where: SQL | undefined, page: { limit: number; offset: number }) {
  return db
    .select(auditColumns)
    .from(entries)
    .where(where)
    .orderBy(desc(entries.id))
    .limit(page.limit)
    .offset(page.offset);
}

/** The next entries of an export, older than `before`. */
export function readAuditRowsBefore(
  db: Db,
  where: SQL | undefined,
  before: number | undefined,
  limit: number,
) {
  return readAuditRows(db, before === undefined ? where : and(where, lt(entries.id, before)), {
    limit,
    offset: 0,
  });
}

export async function countAuditRows(db: Db, where: SQL | undefined) {
  const [row] = await db.select({ n: count() }).from(entries).where(where);
  return row?.n ?? 0;
}

/** Keys whose values are ids of users, of items, of criteria. */
const USER_KEYS = new Set(['judge', 'from_judge', 'user']);
const ITEM_KEYS = new Set(['item']);
const CRITERION_KEYS = new Set(['criterion']);
/** `answer.<item>.<criterion>` and `comment.<item>.<criterion>`. */
const VALUE_KEY = /^(?:answer|comment)\.(\d+)\.(\d+)$/;

function idsOf(value: unknown, into: Set<number>) {
  for (const one of [value].flat()) if (typeof one === 'number' && Number.isInteger(one)) into.add(one);
}

/** The ids an entry's changes name, by kind. */
function referencedIds(rows: AuditRow[]) {
  const found = { users: new Set<number>(), items: new Set<number>(), criteria: new Set<number>() };
  for (const row of rows) {
    for (const [key, pair] of Object.entries(row.changes)) {
      const match = VALUE_KEY.exec(key);
      if (match) {
        found.items.add(Number(match[1]));
        if (match[2] !== '0') found.criteria.add(Number(match[2]));
      }
      const into = USER_KEYS.has(key)
        ? found.users
        : ITEM_KEYS.has(key) || key.startsWith('items_')
          ? found.items
          : CRITERION_KEYS.has(key)
            ? found.criteria
            : null;
      if (into) for (const side of pair) idsOf(side, into);
    }
  }
  return found;
}

/** The names of what a page's entries name, as they are now, in three small queries. */
async function resolveRefs(db: Db, teamId: number, rows: AuditRow[]) {
  const ids = referencedIds(rows);
  const none = Promise.resolve([] as { id: number; name: string }[]);
  const [people, items, criteria] = await Promise.all([
    ids.users.size
      ? db
          .select({ id: users.id, name: users.email })
          .from(users)
          .where(and(inArray(users.id, [...ids.users]), sql`not ${isErasedIn(teamId, sql`"users"."id"`)}`))
      : none,
    ids.items.size
      ? db
          .select({ id: datasets.id, name: datasets.title })
          .from(datasets)
          .where(and(inArray(datasets.id, [...ids.items]), eq(datasets.teamId, teamId)))
      : none,
    ids.criteria.size
      ? db
          .select({ id: issueQuestions.id, name: issueQuestions.title })
          .from(issueQuestions)
          .innerJoin(issues, eq(issues.id, issueQuestions.issueId))
          .where(and(inArray(issueQuestions.id, [...ids.criteria]), eq(issues.teamId, teamId)))
      : none,
  ]);
  const byId = (rows: { id: number; name: string }[]) => new Map(rows.map((row) => [row.id, row.name]));
  return { users: byId(people), items: byId(items), criteria: byId(criteria) };
}

/** The entries as the API replies them, each with the names of what it refers to. */
export async function toAuditEntries(db: Db, teamId: number, rows: AuditRow[]): Promise<AuditEntry[]> {
  const names = await resolveRefs(db, teamId, rows);
  const pick = (set: Set<number>, from: Map<number, string>) => {
    const picked: Record<string, string> = {};
    for (const id of set) {
      const name = from.get(id);
      if (name !== undefined) picked[id] = name;
    }
    return picked;
  };
  return rows.map((row) => {
    const wanted = referencedIds([row]);
    const refs: AuditRefs = {
      users: pick(wanted.users, names.users),
      items: pick(wanted.items, names.items),
      criteria: pick(wanted.criteria, names.criteria),
    };
    return {
      id: row.id,
      time: row.time,
      actor: { kind: row.actorKind as AuditEntry['actor']['kind'], id: row.actorId, email: row.actorEmail },
      action: row.action as AuditEntry['action'],
      object_type: row.objectType as AuditEntry['object_type'],
      object_id: row.objectId,
      object_label: row.objectLabel,
      changes: row.changes,
      refs,
    };
  });
}
