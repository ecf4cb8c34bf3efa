import { timestamp } from 'drizzle-orm/pg-core';

/** The creation time of a row, set by the database. */
export const createTime = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();

/** The time of a row's last change, moved by Drizzle at each update it makes. */
export const updateTime = () =>
  timestamp('update_time', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());
