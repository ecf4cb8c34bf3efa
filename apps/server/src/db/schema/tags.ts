import { sql } from 'drizzle-orm';
import { integer, pgTable, serial, uniqueIndex, varchar } from 'drizzle-orm/pg-core';
import { createTime } from './columns.ts';
import { teams } from './teams.ts';

/** Team tags, used to sort selections, merges and forms. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    createTime: createTime(),
  },
  (t) => [uniqueIndex('tags_team_name').on(t.teamId, sql`lower(${t.name})`)],
);
