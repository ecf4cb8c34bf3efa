import { type datasetListQuerySchema, NOT_REVIEWED } from '@shortlist/contract';
import {
  and,
  eq,
  exists,
  inArray,
  isNotNull,
  isNull,
  not,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../context.ts';
import type { Db } from '../db/client.ts';
import { datasets, intakeForms, issueDatasets, reviews } from '../db/schema/index.ts';
import { hasTag } from '../db/tag-match.ts';
import { containsPattern } from '../http/pagination.ts';

// The items list's filters as SQL: the list and its ids, the items' export and a mailing's audience read
// items through them (issue 55, point 3: below the features that share them).

export type DatasetListQuery = z.infer<typeof datasetListQuerySchema>;

/** A value, or a placeholder for it in a prepared statement. */
export type Bound<T> = T | Placeholder;

/** The items list's filters, each a value or a placeholder; absent, a filter is not applied. */
export interface DatasetFilterValues {
  team: Bound<number>;
  dataModel?: Bound<number>;
  /** An ILIKE pattern (`containsPattern`). */
  pattern?: Bound<string>;
  issue?: Bound<number>;
  status?: Bound<number> | typeof NOT_REVIEWED;
  tag?: Bound<string>;
  form?: Bound<number>;
}

/**
 * The items of a selection, by the review made within it when a status is asked. They are fetched by
 * their ids (`id = any(array(…))`): as `in (subquery)`, PostgreSQL's default costs (a page read at random
 * costs four read in turn) preferred reading all the team's items and hashing the selection's, 1,000,000
 * rows read for 10,000. A status within the selection starts from the reviews that carry it (a few hundred),
 * each item then checked to be in the selection still (decision 83).
 */
function selectionConditions(
  db: Db,
  issue: Bound<number>,
  status: Bound<number> | typeof NOT_REVIEWED | undefined,
): SQL[] {
  if (status !== undefined && status !== NOT_REVIEWED) {
    const reviewed = db
      .select({ id: reviews.datasetId })
      .from(reviews)
      .where(and(eq(reviews.issueId, issue), eq(reviews.statusId, status)));
    const inIssue = sql`(select 1 from ${issueDatasets} where ${and(
      eq(issueDatasets.issueId, issue),
      eq(issueDatasets.datasetId, datasets.id),
    )})`;
    return [sql`${datasets.id} = any(array(${reviewed}))`, exists(inIssue)];
  }
  const inIssue = db
    .select({ id: issueDatasets.datasetId })
    .from(issueDatasets)
    .where(eq(issueDatasets.issueId, issue));
  const conditions = [sql`${datasets.id} = any(array(${inIssue}))`];
  if (status === NOT_REVIEWED) {
    const reviewed = sql`(select 1 from ${reviews} where ${and(
      eq(reviews.datasetId, datasets.id),
      eq(reviews.issueId, issue),
      isNotNull(reviews.statusId),
    )})`;
    conditions.push(not(exists(reviewed)));
  }
  return conditions;
}

/**
 * The items list's filters as one condition: the team, then item type, search, selection, review status,
 * tag and form. The same SQL whether the values are given or bound later to a prepared statement. The
 * search is `lower(title) like lower(pattern)`, which is what ILIKE does in a UTF-8 database, written so
 * that the title index and the trigram index (both of `lower(title)`) can answer it. A mailing's audience
 * filters with it too.
 */
export function datasetConditions(db: Db, values: DatasetFilterValues) {
  const filters: SQL[] = [eq(datasets.teamId, values.team)];
  if (values.dataModel !== undefined) filters.push(eq(datasets.dataModelId, values.dataModel));
  if (values.pattern !== undefined) filters.push(sql`lower(${datasets.title}) like lower(${values.pattern})`);
  if (values.issue === undefined) {
    // The item's own review (outside any selection), whose status its row carries (migration 0030).
    if (values.status === NOT_REVIEWED) filters.push(isNull(datasets.reviewStatusId));
    else if (values.status !== undefined) filters.push(eq(datasets.reviewStatusId, values.status));
  } else filters.push(...selectionConditions(db, values.issue, values.status));
  if (values.tag !== undefined) filters.push(hasTag(datasets.tags, values.tag));
  if (values.form !== undefined) {
    const ofForm = db
      .select({ id: intakeForms.dataModelId })
      .from(intakeForms)
      .where(and(eq(intakeForms.id, values.form), eq(intakeForms.teamId, values.team)));
    filters.push(inArray(datasets.dataModelId, ofForm));
  }
  return and(...filters);
}

/** A list request's filter values as it gives them (an empty search or tag is no filter). */
export function filterValuesOf(query: DatasetListQuery) {
  return {
    team: query.team,
    dataModel: query.data_model,
    pattern: query.search ? containsPattern(query.search) : undefined,
    issue: query.issue,
    status: query.reviews__status,
    tag: query.tag || undefined,
    form: query.form,
  } satisfies DatasetFilterValues;
}

/** The items list's filters as one condition, for the ids and the export. */
export function datasetFilters(ctx: AppContext, query: DatasetListQuery) {
  return datasetConditions(ctx.db, filterValuesOf(query));
}

/** Which filters a request names: a statement prepared with its filters' values as placeholders. */
export interface DatasetFilterShape {
  filters: Record<Exclude<keyof DatasetFilterValues, 'team' | 'status'>, boolean>;
  /** Not reviewed, a status, or no filter by status. */
  status: 'none' | 'status' | false;
}

export function filterShapeOf(values: DatasetFilterValues): DatasetFilterShape {
  const { status } = values;
  return {
    filters: {
      dataModel: values.dataModel !== undefined,
      pattern: values.pattern !== undefined,
      issue: values.issue !== undefined,
      tag: values.tag !== undefined,
      form: values.form !== undefined,
    },
    status: status === undefined ? false : status === NOT_REVIEWED ? 'none' : 'status',
  };
}

const p = sql.placeholder;

/** A shape's filters as one condition, each value a placeholder named after its `DatasetFilterValues` key. */
export function placeholderConditions(db: Db, { filters, status }: DatasetFilterShape) {
  return datasetConditions(db, {
    team: p('team'),
    dataModel: filters.dataModel ? p('dataModel') : undefined,
    pattern: filters.pattern ? p('pattern') : undefined,
    issue: filters.issue ? p('issue') : undefined,
    status: status === 'none' ? NOT_REVIEWED : status ? p('status') : undefined,
    tag: filters.tag ? p('tag') : undefined,
    form: filters.form ? p('form') : undefined,
  });
}
