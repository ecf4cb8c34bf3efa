import { integer, pgTable, serial, varchar } from 'drizzle-orm/pg-core';
import { createTime } from './columns.ts';
import { users } from './users.ts';

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: varchar('message', { length: 300 }).notNull(),
  createTime: createTime(),
});
