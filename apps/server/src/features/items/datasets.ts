import {
  DATASET_IDS_MAX,
  DATASET_ORDERING,
  type DatasetCreateInput,
  type DatasetIds,
  type DatasetPatchInput,
  type datasetListQuerySchema,
  type FieldErrors,
  NOT_REVIEWED,
} from '@shortlist/contract';
import {
  and,
  arrayContains,
  asc,
  count,
  desc,
  eq,
  exists,
  getTableColumns,
  ilike,
  inArray,
  isNotNull,
  isNull,
  not,
  type Placeholder,
  type SQL,
  sql,
} from 'drizzle-orm';
import type { PgColumn } from 'drizzle-orm/pg-core';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { dataModels, datasets, datumValues, intakeForms, issueDatasets, reviews } from '../../db/schema.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors, notFound } from '../../http/errors.ts';
import { containsPattern, parseOrdering, totalOf } from '../../http/pagination.ts';
import { preparedPerShape } from '../../http/prepared.ts';
import { isTeamAdminCondition, requireTeamAdmin, totalOfTeamPage } from '../teams/access.ts';
import { loadFields, type PreparedAnswer, prepareAnswers } from './answers.ts';
import {
  type DatasetRow,
  datasetReplyFields,
  findDataset,
  loadDatasetReplies,
  toDataset,
} from './replies.ts';

type Sortable = Record<'title' | 'createTime', PgColumn>;

/** Titles sort without regard to case, the same on both engines whatever their collation. */
const orderColumns = {
  title: (item: Sortable) => sql`lower(${item.title})`,
  create_time: (item: Sortable) => item.createTime,
};

/**
 * The listed item's review has the given status, or none: the review made within the selection
 * when the list shows one, the item-level review (outside any selection) otherwise.
 */
function reviewStatusFilter(
  status: Bound<number> | typeof NOT_REVIEWED,
  issueId: Bound<number> | undefined,
): SQL {
  const ofIssue = issueId === undefined ? isNull(reviews.issueId) : eq(reviews.issueId, issueId);
  const reviewed = (condition: SQL) =>
    exists(
      sql`(select 1 from ${reviews} where ${and(eq(reviews.datasetId, datasets.id), ofIssue, condition)})`,
    );
  return status === NOT_REVIEWED
    ? not(reviewed(isNotNull(reviews.statusId)))
    : reviewed(eq(reviews.statusId, status));
}

/** A value, or a placeholder for it in a prepared statement. */
type Bound<T> = T | Placeholder;

/** The items list's filters, each a value or a placeholder; absent, a filter is not applied. */
interface DatasetFilterValues {
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
 * The items list's filters as one condition: the team, then item type, search, selection, review status,
 * tag and form. The same SQL whether the values are given or bound later to a prepared statement.
 */
function datasetConditions(db: Db, values: DatasetFilterValues) {
  const filters: SQL[] = [eq(datasets.teamId, values.team)];
  if (values.dataModel !== undefined) filters.push(eq(datasets.dataModelId, values.dataModel));
  if (values.pattern !== undefined) filters.push(ilike(datasets.title, values.pattern));
  if (values.issue !== undefined) {
    const inIssue = db
      .select({ id: issueDatasets.datasetId })
      .from(issueDatasets)
      .where(eq(issueDatasets.issueId, values.issue));
    filters.push(inArray(datasets.id, inIssue));
  }
  if (values.status !== undefined) filters.push(reviewStatusFilter(values.status, values.issue));
  if (values.tag !== undefined) filters.push(arrayContains(datasets.tags, sql`array[${values.tag}]::text[]`));
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
function filterValuesOf(query: z.infer<typeof datasetListQuerySchema>) {
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
export function datasetFilters(ctx: AppContext, query: z.infer<typeof datasetListQuerySchema>) {
  return datasetConditions(ctx.db, filterValuesOf(query));
}

/** Which filters a request of the items list names, and its order: one prepared statement each. */
interface DatasetListShape {
  filters: Record<Exclude<keyof DatasetFilterValues, 'team' | 'status'>, boolean>;
  /** Not reviewed, a status, or no filter by status. */
  status: 'none' | 'status' | false;
  order: ReturnType<typeof parseOrdering<(typeof DATASET_ORDERING)[number]>>;
}

const p = sql.placeholder;

/** The items list's page (with the caller's right and the total) and its count, for one shape. */
const datasetListStatements = preparedPerShape('datasets', (db, shape: DatasetListShape, name) => {
  const { filters } = shape;
  const where = datasetConditions(db, {
    team: p('team'),
    dataModel: filters.dataModel ? p('dataModel') : undefined,
    pattern: filters.pattern ? p('pattern') : undefined,
    issue: filters.issue ? p('issue') : undefined,
    status: shape.status === 'none' ? NOT_REVIEWED : shape.status ? p('status') : undefined,
    tag: filters.tag ? p('tag') : undefined,
    form: filters.form ? p('form') : undefined,
  });
  const direction = shape.order.descending ? desc : asc;
  const orderOf = orderColumns[shape.order.field];
  const counted = db.select({ n: count() }).from(datasets).where(where);
  // The page is chosen first, so that what each item shows is built for its rows alone, past any offset.
  const page = db
    .select({ ...getTableColumns(datasets), total: totalOf(counted).as('total') })
    .from(datasets)
    .where(and(where, isTeamAdminCondition(p('caller'), p('team'))))
    .orderBy(direction(orderOf(datasets)), direction(datasets.id))
    .limit(p('limit'))
    .offset(p('offset'))
    .as('page');
  const rows = db
    .select({ ...datasetReplyFields(page), total: page.total })
    .from(page)
    .orderBy(direction(orderOf(page)), direction(page.id));
  return { page: rows.prepare(name('page')), counted: counted.prepare(name('count')) };
});

/**
 * A team's items, filtered, sorted and paged in SQL; the caller's right (404 unless the team's admin)
 * and the total are read by the page's own statement, prepared once per shape (decision 59).
 */
export async function listDatasets(
  ctx: AppContext,
  user: UserRow,
  query: z.infer<typeof datasetListQuerySchema>,
) {
  const filterValues = filterValuesOf(query);
  const status = filterValues.status;
  const statements = datasetListStatements(ctx.db, {
    filters: {
      dataModel: filterValues.dataModel !== undefined,
      pattern: filterValues.pattern !== undefined,
      issue: filterValues.issue !== undefined,
      tag: filterValues.tag !== undefined,
      form: filterValues.form !== undefined,
    },
    status: status === undefined ? false : status === NOT_REVIEWED ? 'none' : 'status',
    order: parseOrdering<(typeof DATASET_ORDERING)[number]>(query.ordering, DATASET_ORDERING, '-create_time'),
  });
  const values = { ...filterValues, caller: user.id, limit: query.limit, offset: query.offset };
  const rows = await statements.page.execute(values);
  const counted = () => statements.counted.execute(values);
  const total = await totalOfTeamPage(ctx, user, query.team, { rows, counted });
  return { count: total, results: rows.map((row) => toDataset(ctx, row)) };
}

/** Every id the list's filters match, newest first, for "select all" (at most DATASET_IDS_MAX). */
export async function listDatasetIds(
  ctx: AppContext,
  user: UserRow,
  query: z.infer<typeof datasetListQuerySchema>,
): Promise<DatasetIds> {
  await requireTeamAdmin(ctx, user, query.team);
  const where = datasetFilters(ctx, query);
  const [rows, [total]] = await Promise.all([
    ctx.db
      .select({ id: datasets.id })
      .from(datasets)
      .where(where)
      .orderBy(desc(datasets.createTime), desc(datasets.id))
      .limit(DATASET_IDS_MAX),
    ctx.db.select({ n: count() }).from(datasets).where(where),
  ]);
  return { count: total?.n ?? 0, ids: rows.map((row) => row.id) };
}

/** The reply of an item the caller administers; another team's answers 404 like a missing one. */
export async function requireDatasetReply(ctx: AppContext, user: UserRow, id: number) {
  const [reply] = await loadDatasetReplies(ctx, [id]);
  if (!reply) throw notFound();
  await requireTeamAdmin(ctx, user, reply.team);
  return reply;
}

/** An item the caller administers; another team's answers 404 like a missing one. */
export async function requireDataset(ctx: AppContext, user: UserRow, id: number) {
  const row = await findDataset(ctx.db, id);
  if (!row) throw notFound();
  await requireTeamAdmin(ctx, user, row.teamId);
  return row;
}

function throwIfAny(errors: FieldErrors) {
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}

/** Inserts answers, or replaces those already given; an empty answer removes its value. */
async function writeAnswers(db: Db, datasetId: number, answers: PreparedAnswer[]) {
  const emptied = answers.filter(({ answer }) => answer === null).map(({ field }) => field.id);
  const given = answers.flatMap(({ field, answer }) =>
    answer ? [{ datasetId, datumFieldId: field.id, resourcetype: field.resourcetype, ...answer }] : [],
  );
  if (emptied.length > 0) {
    await db
      .delete(datumValues)
      .where(and(eq(datumValues.datasetId, datasetId), inArray(datumValues.datumFieldId, emptied)));
  }
  if (given.length > 0) {
    await db
      .insert(datumValues)
      .values(given)
      .onConflictDoUpdate({
        target: [datumValues.datasetId, datumValues.datumFieldId],
        set: {
          response: sql`excluded.response`,
          jsonResponse: sql`excluded.json_response`,
          updateTime: new Date(),
        },
      });
  }
}

/** PostgreSQL takes at most 65,535 parameters a statement; an answer row uses five. */
const VALUES_PER_INSERT = 5000;

/**
 * Checks rows about to be created: every item type must be the caller's (404 otherwise), every
 * answer must fit its field. Errors are keyed by `<prefix of the row>field`.
 */
export async function checkDatasets(
  ctx: AppContext,
  user: UserRow,
  inputs: DatasetCreateInput[],
  prefixOf: (index: number) => string,
) {
  const modelIds = [...new Set(inputs.map((input) => input.data_model))];
  const models = modelIds.length
    ? await ctx.db.select().from(dataModels).where(inArray(dataModels.id, modelIds))
    : [];
  if (models.length !== modelIds.length) throw notFound();
  for (const teamId of new Set(models.map((model) => model.teamId)))
    await requireTeamAdmin(ctx, user, teamId);
  const teamOf = new Map(models.map((model) => [model.id, model.teamId]));
  const fields = await loadFields(ctx.db, modelIds);

  const errors: FieldErrors = {};
  const prepared = inputs.map((input, index) => {
    const checked = prepareAnswers(fields, input.data_model, input.datum_values, prefixOf(index));
    Object.assign(errors, checked.errors);
    return checked.answers.filter(({ answer }) => answer !== null);
  });
  return { teamOf, fields, prepared, errors };
}

/**
 * Creates one or many items in one transaction, all checked first. Errors of a bulk request are
 * keyed by the row's index.
 */
export async function createDatasets(
  ctx: AppContext,
  user: UserRow,
  inputs: DatasetCreateInput[],
  isBulk: boolean,
) {
  const { teamOf, prepared, errors } = await checkDatasets(ctx, user, inputs, (index) =>
    isBulk ? `${index}.` : '',
  );
  throwIfAny(errors);

  const rows = await ctx.db.transaction(async (tx) => {
    const created = await tx
      .insert(datasets)
      .values(
        inputs.map((input) => ({
          dataModelId: input.data_model,
          teamId: teamOf.get(input.data_model) ?? 0,
          title: input.title,
          description: input.description,
          tags: input.tags,
          contactEmail: input.contact_email,
        })),
      )
      .returning();
    const values = created.flatMap((row, index) =>
      (prepared[index] ?? []).map(({ field, answer }) => ({
        datasetId: row.id,
        datumFieldId: field.id,
        resourcetype: field.resourcetype,
        response: answer?.response ?? null,
        jsonResponse: answer?.jsonResponse ?? null,
      })),
    );
    for (let start = 0; start < values.length; start += VALUES_PER_INSERT) {
      await tx.insert(datumValues).values(values.slice(start, start + VALUES_PER_INSERT));
    }
    return created;
  });
  return loadDatasetReplies(
    ctx,
    rows.map((row) => row.id),
  );
}

export async function updateDataset(ctx: AppContext, dataset: DatasetRow, patch: DatasetPatchInput) {
  const fields = patch.datum_values ? await loadFields(ctx.db, [dataset.dataModelId]) : [];
  const checked = prepareAnswers(fields, dataset.dataModelId, patch.datum_values ?? []);
  throwIfAny(checked.errors);
  const row = await ctx.db.transaction(async (tx) => {
    const [updated] = await tx
      .update(datasets)
      .set({
        title: patch.title,
        description: patch.description,
        tags: patch.tags,
        contactEmail: patch.contact_email,
        updateTime: new Date(),
      })
      .where(eq(datasets.id, dataset.id))
      .returning();
    await writeAnswers(tx, dataset.id, checked.answers);
    return updated ?? dataset;
  });
  const [reply] = await loadDatasetReplies(ctx, [row.id]);
  if (!reply) throw new Error('dataset reply missing');
  return reply;
}

/** Deletes items with their answers, reviews and files: the caller must administer every one. */
export async function deleteDatasets(ctx: AppContext, user: UserRow, ids: number[]) {
  const unique = [...new Set(ids)];
  const rows = await ctx.db
    .select({ id: datasets.id, teamId: datasets.teamId })
    .from(datasets)
    .where(inArray(datasets.id, unique));
  if (rows.length !== unique.length) throw notFound();
  for (const teamId of new Set(rows.map((row) => row.teamId))) await requireTeamAdmin(ctx, user, teamId);
  const fileKeys = await ctx.db.transaction(async (tx) => {
    const files = await tx
      .select({ key: datumValues.fileKey })
      .from(datumValues)
      .where(and(inArray(datumValues.datasetId, unique), isNotNull(datumValues.fileKey)));
    await tx.delete(datasets).where(inArray(datasets.id, unique));
    return files.map((file) => file.key);
  });
  await ctx.files.remove(fileKeys);
}
