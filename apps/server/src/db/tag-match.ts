import { type SQL, type SQLWrapper, sql } from 'drizzle-orm';

/**
 * How a filter matches item tags, the one rule of the contract's `tagKey` (trimmed, case-insensitive, exact;
 * decision 175): the SQL functions `tag_key` and `tag_keys` (db/functions/items.sql, migration 0047) compare
 * keys on both sides, and `datasets_search` indexes `tag_keys(tags)`, so these conditions use it.
 */

/** A value's key: what `dataset_tags.tag` holds. */
export const tagKeyOf = (tag: SQLWrapper | string): SQL => sql`tag_key(${tag}::text)`;

/** The item's `tags` hold this one. */
export const hasTag = (tags: SQLWrapper, tag: SQLWrapper | string): SQL =>
  sql`tag_keys(${tags}) @> array[${tagKeyOf(tag)}]`;

/** The item's `tags` hold any of these (none given: false). */
export const hasAnyTag = (tags: SQLWrapper, wanted: readonly string[]): SQL =>
  sql`tag_keys(${tags}) && array[${sql.join(
    wanted.map((tag) => tagKeyOf(tag)),
    sql`, `,
  )}]::text[]`;
