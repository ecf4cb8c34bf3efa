import { bigint, index, integer, jsonb, pgTable, timestamp, varchar } from 'drizzle-orm/pg-core';

/**
 * A team's audit log (issue 29, decision 85): one row per change that matters, written in the change's
 * transaction by `recordAudit`. Append-only: a trigger refuses UPDATE, TRUNCATE and any DELETE but the
 * retention purge's (`purge_audit_log`, migration 0032). No foreign keys: an entry outlives its team,
 * actor and object until the retention ends. Ids from an identity, no counter row that writers share.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    /** user, judge, respondent or system (contract AUDIT_ACTOR_KINDS) */
    actorKind: varchar('actor_kind', { length: 12 }).notNull(),
    /** The user (judges are users); null for a respondent or the server. */
    actorId: integer('actor_id'),
    action: varchar('action', { length: 40 }).notNull(),
    objectType: varchar('object_type', { length: 20 }).notNull(),
    objectId: integer('object_id'),
    /** {field: [old, new]} of the fields that changed (contract auditChangesSchema). */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
  },
  (t) => [
    // The list reads a team's newest first, by id: paged in index order, filters checked on the way.
    index('audit_log_team_id').on(t.teamId, t.id),
    index('audit_log_team_object').on(t.teamId, t.objectType, t.objectId, t.id),
    index('audit_log_team_actor').on(t.teamId, t.actorId, t.id),
    // The retention purge deletes by time.
    index('audit_log_time').on(t.time),
  ],
);
