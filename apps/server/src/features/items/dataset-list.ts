import {
  COUNT_EXACT,
  DATASET_COUNT_EXACT_MAX,
  DATASET_IDS_PAGE,
  DATASET_ORDERING,
} from '@shortlist/contract';
import { and, asc, count, desc, eq, exists, type SQLWrapper, sql } from 'drizzle-orm';
import { type PgColumn, unionAll } from 'drizzle-orm/pg-core';
import { isTeamAdminCondition, requireTeamAdmin, totalOfTeamPage } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, datasetTags, issueDatasets, issues } from '../../db/schema/index.ts';
import { tagKeyOf } from '../../db/tag-match.ts';
import type { UserRow } from '../../http/auth.ts';
import { decodeCursor, encodeCursor, type NextPage, parseOrdering } from '../../http/pagination.ts';
import { preparedPerShape } from '../../http/prepared.ts';
import {
  type Bound,
  type DatasetFilterShape,
  type DatasetListQuery,
  datasetFilters,
  filterShapeOf,
  filterValuesOf,
  placeholderConditions,
} from '../../item-reads/dataset-filters.ts';
import { datasetListFields, listedDataset } from './replies.ts';

const p = sql.placeholder;

type Ordering = ReturnType<typeof parseOrdering<(typeof DATASET_ORDERING)[number]>>;

/**
 * Each order's sort value; the text a cursor keeps of it and the value read back from that text; which
 * texts may be read back (anything else would be an error of the database, not a 400). Titles sort
 * without regard to case, the same on both engines whatever their collation; a time goes in a cursor as
 * whole microseconds since 1970, which PostgreSQL computes and adds back exactly.
 */
const orders = {
  title: {
    key: (item: { title: PgColumn }) => sql`lower(${item.title})`,
    toText: (key: SQLWrapper) => sql`${key}`,
    fromText: (text: Bound<string>) => sql`${text}::text`,
    isKey: (_text: string) => true,
  },
  create_time: {
    key: (item: { createTime: PgColumn }) => sql`${item.createTime}`,
    toText: (key: SQLWrapper) => sql`(extract(epoch from ${key}) * 1000000)::bigint::text`,
    fromText: (text: Bound<string>) =>
      sql`('epoch'::timestamptz + ${text}::bigint * interval '1 microsecond')`,
    // At most 16 digits: ±317 years around 1970, within what a timestamp holds (an error of the database otherwise).
    isKey: (text: string) => /^-?\d{1,16}$/.test(text),
  },
};

/** The order as a request names it (`-create_time`): what a cursor is made for. */
const orderingName = (order: Ordering) => `${order.descending ? '-' : ''}${order.field}`;

/** Which filters a request of the items list names, its order, its count and cursor: one statement each. */
interface DatasetListShape extends DatasetFilterShape {
  order: Ordering;
  /** `count=exact`: past the cap, the statement counts every match. */
  exact: boolean;
  /** The page starts after a cursor's row rather than at an offset. */
  cursor: boolean;
}

const CAP = sql.raw(String(DATASET_COUNT_EXACT_MAX));

/** `(sort value, id)` after or before the cursor's, as the order goes. */
function afterCursor(shape: DatasetListShape, key: SQLWrapper, id: SQLWrapper) {
  if (!shape.cursor) return undefined;
  const { fromText } = orders[shape.order.field];
  const comparison = sql.raw(shape.order.descending ? '<' : '>');
  return sql`(${key}, ${id}) ${comparison} (${fromText(p('cursorKey'))}, ${p('cursorId')})`;
}

/**
 * The page of a selection's items and their count, no other filter: the count reads the selection's
 * links alone (the primary key of `issue_datasets`, 10,000 entries rather than 10,000 items), the
 * selection being the team's, whose items alone it can hold (`addIssueDatasets` checks each, a duplicate
 * copies a selection of the same team); the page is read in the order's index, each item checked to be
 * in the selection, as its items lie anywhere in either order (decision 83).
 */
function selectionStatements(db: Db, shape: DatasetListShape, name: (part: string) => string) {
  const order = orders[shape.order.field];
  const direction = shape.order.descending ? desc : asc;
  const links = (limit?: number) => {
    const query = db
      .select({ one: sql`1`.as('one') })
      .from(issueDatasets)
      .innerJoin(issues, eq(issues.id, issueDatasets.issueId))
      .where(and(eq(issueDatasets.issueId, p('issue')), eq(issues.teamId, p('team'))));
    return limit === undefined ? query.as('c') : query.limit(limit).as('c');
  };
  const capped = db.select({ n: count().as('n') }).from(links(DATASET_COUNT_EXACT_MAX + 1));
  const everyLink = db.select({ n: count() }).from(links());
  const found = db.$with('found').as(capped);
  const n = sql`(select ${found.n} from ${found})`;
  const total = shape.exact ? sql`case when ${n} <= ${CAP} then ${n} else (${everyLink}) end` : n;
  const inSelection = sql`(select 1 from ${issueDatasets} where ${and(
    eq(issueDatasets.issueId, p('issue')),
    eq(issueDatasets.datasetId, datasets.id),
  )})`;
  const key = order.key(datasets);
  const page = db
    .with(found)
    .select({
      ...datasetListFields(datasets),
      cursorKey: sql<string>`${order.toText(key)}`,
      total: sql<number>`${total}`.mapWith(Number),
    })
    .from(datasets)
    .where(
      and(
        eq(datasets.teamId, p('team')),
        exists(inSelection),
        afterCursor(shape, key, datasets.id),
        isTeamAdminCondition(p('caller'), p('team')),
      ),
    )
    .orderBy(direction(key), direction(datasets.id))
    .limit(p('limit'))
    .offset(p('offset'));
  return {
    page: page.prepare(name('page')),
    counted: (shape.exact ? everyLink : capped).prepare(name('count')),
  };
}

/**
 * The items list's page (with the caller's right and the count) and its count alone, for one shape
 * (decision 83). The statement reads up to 10,001 matches in whatever way is cheapest (`found`: the count,
 * exact up to 10,000), then takes its page one of two ways, in branches PostgreSQL gates by a one-time
 * condition: when the matches are all there are, the page is sorted from every one of them, read apart
 * from the order (a rare combination, a search within a status, would otherwise be looked for along the
 * order's index past rows that do not match); past 10,000, matches are common and the page is read in the
 * order's index, stopping at its last row. A search in title order, paged by offset, takes its page as a
 * slice of its first 10,001 matches, numbered as they are counted.
 */
const datasetListStatements = preparedPerShape(
  'datasets',
  (db, shape: DatasetListShape, name) => {
    const { filters } = shape;
    const isSelectionAlone =
      filters.issue &&
      !filters.pattern &&
      !filters.tag &&
      !filters.dataModel &&
      !filters.form &&
      !shape.status;
    if (isSelectionAlone) return selectionStatements(db, shape, name);
    const where = placeholderConditions(db, shape);
    const order = orders[shape.order.field];
    const direction = shape.order.descending ? desc : asc;
    const after = (key: SQLWrapper, id: SQLWrapper) => afterCursor(shape, key, id);

    // Up to 10,001 matches with their sort value, in whatever order is cheapest: read once, they give the
    // count and, when they are all the matches, the page.
    // A search in title order takes its first 10,001 matches in that order: where matches are common,
    // walking the title index finds them (its entries hold the lowered title, so no row is read), and the
    // page is among them; where they are rare, PostgreSQL reads them all by the trigram index and sorts.
    const isFirstInOrder = filters.pattern && shape.order.field === 'title';
    const anyMatches = db
      .select({ id: datasets.id, key: order.key(datasets).as('key') })
      .from(datasets)
      .where(where)
      .$dynamic();
    const firstMatches = isFirstInOrder
      ? anyMatches.orderBy(direction(order.key(datasets)), direction(datasets.id))
      : anyMatches;
    const firstMatchesCapped = firstMatches.limit(DATASET_COUNT_EXACT_MAX + 1);
    const matched = db.$with('matched').as(firstMatchesCapped);
    // A tag alone is counted from `dataset_tags`' primary key, which holds the team, the tag and the item:
    // the GIN index of the tags would have the count read an item row for each match (decision 89).
    const isTagAlone =
      filters.tag &&
      !filters.pattern &&
      !filters.issue &&
      !filters.dataModel &&
      !filters.form &&
      !shape.status;
    const matchesCounted = () =>
      isTagAlone
        ? db
            .select({ one: sql`1`.as('one') })
            .from(datasetTags)
            .where(and(eq(datasetTags.teamId, p('team')), eq(datasetTags.tag, tagKeyOf(p('tag')))))
            .$dynamic()
        : db
            .select({ one: sql`1`.as('one') })
            .from(datasets)
            .where(where)
            .$dynamic();
    const capped = db.select({ n: count().as('n') }).from(
      matchesCounted()
        .limit(DATASET_COUNT_EXACT_MAX + 1)
        .as('c'),
    );
    // Where an index holds the filters (item type, form, the item's own status, a tag alone), the count
    // selects nothing and reads that index alone; the few matches of a rare value are then read again,
    // apart from the order. A search, a selection or a tag among other filters reads rows anyway: their
    // matches are read once.
    const isCountedFromIndex = (!filters.pattern && !filters.tag && !filters.issue) || isTagAlone;
    // A search's page in title order, paged by offset, is a slice of its first 10,001 matches in that
    // order: one pass counts them and keeps their ids in order (`array_agg` takes the ordered walk's rows
    // as they come), with no second reading and no sort of 10,001 rows; at 10 connections its statement
    // alone took 0.68 of the one that sorted them (decision 149).
    const isPageSliced = isFirstInOrder && !shape.cursor;
    const walked = firstMatchesCapped.as('walked');
    const slice = sql`(array_agg(${walked.id}))[${p('offset')}::int + 1 : ${p('offset')}::int + ${p('limit')}::int]`;
    const found = db
      .$with('found')
      .as(
        isCountedFromIndex
          ? capped
          : isPageSliced
            ? db.select({ n: count().as('n'), ids: sql<number[]>`${slice}`.as('ids') }).from(walked)
            : db.select({ n: count().as('n') }).from(matched),
      );
    const n = sql`(select ${found.n} from ${found})`;
    const everyMatch = isCountedFromIndex
      ? db
          .select({ id: datasets.id, key: order.key(datasets).as('key') })
          .from(datasets)
          .where(where)
          // Read on its own (a subquery with a limit is planned apart), and costed as the at most 10,000
          // rows it reads when it runs: costed as a sort of a million, the statement passed PostgreSQL's
          // `jit_above_cost` and spent 100 ms compiling itself.
          .limit(DATASET_COUNT_EXACT_MAX + 1)
          .as('every_match')
      : matched;
    // The page from the matches read: when they are all, or, in order, when the page lies within them.
    const isPageRead = isPageSliced
      ? sql`(${n} <= ${CAP} or ${p('offset')}::int + ${p('limit')}::int <= ${sql.raw(String(DATASET_COUNT_EXACT_MAX + 1))})`
      : sql`${n} <= ${CAP}`;
    const sorted = db
      .select({ id: everyMatch.id, key: everyMatch.key })
      .from(everyMatch)
      .where(and(isPageRead, after(everyMatch.key, everyMatch.id)))
      .orderBy(direction(everyMatch.key), direction(everyMatch.id))
      .limit(p('limit'))
      .offset(p('offset'));
    const sliced = db
      .select({ id: datasets.id, key: order.key(datasets).as('key') })
      .from(datasets)
      .where(and(isPageRead, sql`${datasets.id} = any((select ids from ${found})::int[])`));
    const inIndexOrder = db
      .select({ id: datasets.id, key: order.key(datasets).as('key') })
      .from(datasets)
      .where(and(where, sql`not ${isPageRead}`, after(order.key(datasets), datasets.id)))
      .orderBy(direction(order.key(datasets)), direction(datasets.id))
      .limit(p('limit'))
      .offset(p('offset'));
    const picked = (isPageSliced ? unionAll(sliced, inIndexOrder) : unionAll(sorted, inIndexOrder)).as(
      'picked',
    );
    const counted = db.select({ n: count() }).from(matchesCounted().as('every'));
    // Past the cap, `count=exact` counts them all: a scalar subquery that PostgreSQL runs only then.
    const total = shape.exact ? sql`case when ${n} <= ${CAP} then ${n} else (${counted}) end` : n;
    const page = (isCountedFromIndex || isPageSliced ? db.with(found) : db.with(matched, found))
      .select({
        ...datasetListFields(datasets),
        cursorKey: sql<string>`${order.toText(picked.key)}`,
        total: sql<number>`${total}`.mapWith(Number),
      })
      .from(picked)
      .innerJoin(datasets, eq(datasets.id, picked.id))
      .where(isTeamAdminCondition(p('caller'), p('team')))
      .orderBy(direction(picked.key), direction(picked.id));
    return {
      page: page.prepare(name('page')),
      counted: (shape.exact ? counted : capped).prepare(name('count')),
    };
  },
  // Planned with each request's values: a search for a word in one item in seven and one in a million
  // items, or a tag on half of them and on three, want different plans; a plan made once for any value
  // would fit one of them (decision 83).
  { planEachRun: true },
);

/** A total as the reply says it: exact, or the cap with `count_exact: false` when more match. */
function countOf(total: number, isExact: boolean) {
  if (isExact || total <= DATASET_COUNT_EXACT_MAX) return { count: total, count_exact: true };
  return { count: DATASET_COUNT_EXACT_MAX, count_exact: false };
}

/**
 * A team's items, filtered, sorted and paged in SQL; the caller's right (404 unless the team's admin)
 * and the count are read by the page's own statement, prepared once per shape (decisions 59 and 68).
 * The page is read one row long, to know whether a next page follows whatever the count says; the next
 * link carries a cursor to the page's last row. Each item's answers are JSON text, for `stringifyWithRaw`.
 */
export async function listDatasets(ctx: AppContext, user: UserRow, query: DatasetListQuery) {
  const filterValues = filterValuesOf(query);
  const order = parseOrdering<(typeof DATASET_ORDERING)[number]>(
    query.ordering,
    DATASET_ORDERING,
    '-create_time',
  );
  const ordering = orderingName(order);
  const cursor = query.cursor ? decodeCursor(query.cursor, ordering, orders[order.field].isKey) : undefined;
  const isExact = query.count === COUNT_EXACT;
  const statements = datasetListStatements(ctx.db, {
    ...filterShapeOf(filterValues),
    order,
    exact: isExact,
    cursor: cursor !== undefined,
  });
  const values = {
    ...filterValues,
    caller: user.id,
    limit: query.limit + 1,
    offset: cursor ? 0 : query.offset,
    cursorKey: cursor?.key,
    cursorId: cursor?.id,
  };
  const rows = await statements.page.execute(values);
  const counted = () => statements.counted.execute(values);
  const total = await totalOfTeamPage(ctx, user, query.team, { rows, counted });
  const results = rows.slice(0, query.limit);
  const last = results.at(-1);
  const hasMore = rows.length > query.limit;
  const next: NextPage = {
    hasMore,
    cursor: hasMore && last ? encodeCursor({ ordering, key: last.cursorKey, id: last.id }) : undefined,
  };
  return { ...countOf(total, isExact), results: results.map((row) => listedDataset(ctx, row)), next };
}

/** The ids' order: newest first, as the list's default. */
const IDS_ORDERING = '-create_time';

/**
 * A page of the ids the list's filters match, newest first, for "select all": at most DATASET_IDS_PAGE
 * after the cursor's row, their number from there (exact up to a page, past it with `count=exact` only)
 * and the cursor of the next page. The reply's JSON is written here from the ids as PostgreSQL joins them
 * in text: 10,000 rows through the driver, Drizzle and zod cost more than reading them (decision 83).
 * `string_agg` takes them in the order of its ordered subquery; `row_number` names the page's last row,
 * whose sort value and id the next cursor keeps.
 */
export async function listDatasetIdsJson(
  ctx: AppContext,
  user: UserRow,
  query: DatasetListQuery,
): Promise<string> {
  await requireTeamAdmin(ctx, user, query.team);
  const order = orders.create_time;
  const key = order.key(datasets);
  const cursor = query.cursor ? decodeCursor(query.cursor, IDS_ORDERING, order.isKey) : undefined;
  const where = and(
    datasetFilters(ctx, query),
    cursor ? sql`(${key}, ${datasets.id}) < (${order.fromText(cursor.key)}, ${cursor.id})` : undefined,
  );
  const read = ctx.db
    .select({
      id: datasets.id,
      key: sql`${key}`.as('key'),
      position: sql<number>`row_number() over (order by ${key} desc, ${datasets.id} desc)`.as('position'),
    })
    .from(datasets)
    .where(where)
    .orderBy(desc(key), desc(datasets.id))
    .limit(DATASET_IDS_PAGE + 1)
    .as('read');
  const isInPage = sql`${read.position} <= ${DATASET_IDS_PAGE}`;
  const isLast = sql`${read.position} = ${DATASET_IDS_PAGE}`;
  const [page] = await ctx.db
    .select({
      n: count(),
      ids: sql<string | null>`string_agg(${read.id}::text, ',') filter (where ${isInPage})`,
      // Made text for the last row alone: PostgreSQL's epoch arithmetic costs more than reading the ids.
      lastKey: sql<string | null>`${order.toText(sql`max(${read.key}) filter (where ${isLast})`)}`,
      lastId: sql<number | null>`max(${read.id}) filter (where ${isLast})`.mapWith(Number),
    })
    .from(read);
  const n = page?.n ?? 0;
  let total = { count: n, count_exact: true };
  let next: string | null = null;
  if (n > DATASET_IDS_PAGE && page?.lastKey && page.lastId) {
    next = encodeCursor({ ordering: IDS_ORDERING, key: page.lastKey, id: page.lastId });
    total = { count: DATASET_IDS_PAGE, count_exact: false };
    if (query.count === COUNT_EXACT) {
      const [all] = await ctx.db.select({ n: count() }).from(datasets).where(where);
      total = { count: all?.n ?? 0, count_exact: true };
    }
  }
  return `{"count":${total.count},"count_exact":${total.count_exact},"ids":[${page?.ids ?? ''}],"next_cursor":${JSON.stringify(next)}}`;
}
