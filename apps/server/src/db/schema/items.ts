import { sql } from 'drizzle-orm';
import {
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createTime, updateTime } from './columns.ts';
import { dataModels, datumFields } from './forms.ts';
import { teams } from './teams.ts';

/** Items ("datasets"). Tags are free text labels of the item, kept as an array. */
export const datasets = pgTable(
  'datasets',
  {
    id: serial('id').primaryKey(),
    dataModelId: integer('data_model_id')
      .notNull()
      .references(() => dataModels.id, { onDelete: 'restrict' }),
    /** Copied from the item type so that team-scoped lists filter without a join. */
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 150 }).notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Whom mass e-mail writes to about this item, set by an Excel import or the item's editor; without it,
     * its form submission's e-mail (features/emails/recipients.ts). Lower-cased, a valid address.
     */
    contactEmail: varchar('contact_email', { length: 250 }),
    /**
     * The status of the item's own review (outside any selection), or null: a copy that a trigger on
     * `reviews` keeps (migration 0030), so that the items list filters by status within its own indexes.
     */
    reviewStatusId: integer('review_status_id'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    // The list's orders with `id` as their tie-break: a page, or the rows after a cursor, read in index order.
    index('datasets_team_created').on(t.teamId, t.createTime, t.id),
    // The title order, with what a search (`lower(title) like`) and a status filter test, read from the
    // index alone: after `id`, which is unique, the last two columns change no order. The title itself is
    // there because PostgreSQL reads an expression's value from an index only when the columns it is
    // computed from are in it too.
    index('datasets_team_lower_title').on(t.teamId, sql`lower(${t.title})`, t.id, t.title, t.reviewStatusId),
    index('datasets_data_model').on(t.dataModelId, t.teamId),
    // Counting the items of one status up to the list's cap from the index alone (one item in ten or so
    // has a status: the others stay out of it); with the title order after it, a search within a status
    // walks that status's entries in title order, index only, where the search's GIN index read a heap
    // row for each match and sorted them (a fifth of the buffers at a million items, decision 125).
    index('datasets_status_title')
      .on(t.reviewStatusId, t.teamId, sql`lower(${t.title})`, t.id, t.title)
      .where(sql`${t.reviewStatusId} is not null`),
    // Status, tag and title search together: GIN intersects them (pg_trgm for `like '%…%'`, btree_gin for
    // the status), so a rare combination is found without reading the rows of each part. The tags as their
    // keys (`tag_keys`, migration 0047), which is how every filter matches them (decision 175).
    index('datasets_search').using(
      'gin',
      t.reviewStatusId,
      sql`tag_keys(${t.tags})`,
      sql`lower(${t.title}) gin_trgm_ops`,
    ),
  ],
);

/**
 * Each tag of each item as its key (`tag_key`: trimmed, lower case; migration 0047), one row apiece, that a
 * trigger keeps equal to `datasets.tags` (migration 0033): the
 * items list counts a tag's items up to its cap from this table's primary key alone, where the GIN index of
 * the tags would have it read an item row for each match (decision 89).
 */
export const datasetTags = pgTable(
  'dataset_tags',
  {
    teamId: integer('team_id').notNull(),
    tag: text('tag').notNull(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.teamId, t.tag, t.datasetId] }),
    index('dataset_tags_dataset').on(t.datasetId),
  ],
);

/** One answer of one item to one field ("datum value"). Files live under DATA_DIR, named by file_key. */
export const datumValues = pgTable(
  'datum_values',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    datumFieldId: integer('datum_field_id')
      .notNull()
      .references(() => datumFields.id, { onDelete: 'cascade' }),
    resourcetype: varchar('resourcetype', { length: 10 }).notNull(),
    response: text('response'),
    jsonResponse: jsonb('json_response').$type<Record<string, unknown>>(),
    fileKey: varchar('file_key', { length: 64 }),
    filename: varchar('filename', { length: 255 }),
    fileSize: integer('file_size'),
    mimeType: varchar('mime_type', { length: 100 }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('datum_values_dataset_field').on(t.datasetId, t.datumFieldId),
    index('datum_values_field').on(t.datumFieldId),
  ],
);
