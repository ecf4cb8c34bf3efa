import {
  ITEM_TYPE_ORDERING,
  type ItemType,
  type ItemTypeCreate,
  type ItemTypePatch,
  type itemTypeListQuerySchema,
} from '@shortlist/contract';
import { and, asc, count, desc, eq, exists, ilike, inArray, not, type SQL, sql } from 'drizzle-orm';
import type { z } from 'zod';
import { requireAdminOfRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { dataModels, datasets, datumFields, intakeForms, issues } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { AppError, notFound, refusal } from '../../http/errors.ts';
import { containsPattern, parseOrdering } from '../../http/pagination.ts';
import { toDatumField } from './field-replies.ts';

export type DataModelRow = typeof dataModels.$inferSelect;

/** The item type and its team, if the caller administers that team; otherwise 404 as for a missing one. */
export async function requireItemType(ctx: AppContext, user: UserRow, id: number) {
  const [found] = await ctx.db.select().from(dataModels).where(eq(dataModels.id, id));
  const { row: itemType, team } = await requireAdminOfRow(ctx, user, found);
  return { itemType, team };
}

/** Columns named with their tables: a one-table select would print the bare (and here ambiguous) names. */
const qualified = (table: string, column: string) => sql`${sql.identifier(table)}.${sql.identifier(column)}`;
const nbDatasets = sql<number>`(select count(*)::int from ${datasets} where ${qualified('datasets', 'data_model_id')} = ${qualified('data_models', 'id')})`;

const orderColumns = {
  title: dataModels.title,
  create_time: dataModels.createTime,
  update_time: dataModels.updateTime,
};

/** Item types with their fields (one query for the fields of all of them) and item counts. */
async function loadItemTypes(
  db: Db,
  where: SQL | undefined,
  page: { orderBy?: SQL[]; limit?: number; offset?: number } = {},
): Promise<ItemType[]> {
  const query = db
    .select({ itemType: dataModels, nbDatasets, form: { id: intakeForms.id, title: intakeForms.title } })
    .from(dataModels)
    .leftJoin(intakeForms, eq(intakeForms.dataModelId, dataModels.id))
    .where(where)
    .orderBy(...(page.orderBy ?? [asc(dataModels.id)]));
  const rows = await (page.limit === undefined ? query : query.limit(page.limit).offset(page.offset ?? 0));
  if (rows.length === 0) return [];
  const fields = await db
    .select()
    .from(datumFields)
    .where(
      inArray(
        datumFields.dataModelId,
        rows.map((row) => row.itemType.id),
      ),
    )
    .orderBy(asc(datumFields.order), asc(datumFields.id));
  return rows.map(({ itemType, nbDatasets, form }) => ({
    id: itemType.id,
    title: itemType.title,
    label: itemType.title || form?.title || '',
    team: itemType.teamId,
    form,
    issues: [],
    datum_fields: fields.filter((field) => field.dataModelId === itemType.id).map(toDatumField),
    nb_datasets: nbDatasets,
    create_time: itemType.createTime.toISOString(),
    update_time: itemType.updateTime.toISOString(),
  }));
}

export async function getItemType(ctx: AppContext, id: number): Promise<ItemType> {
  const [itemType] = await loadItemTypes(ctx.db, eq(dataModels.id, id));
  if (!itemType) throw notFound();
  return itemType;
}

/**
 * A team's item types, paged and sorted in SQL. `form__isnull=true` leaves out the types of forms.
 * No type is linked to a selection yet, so `issues__isnull=true` keeps every type and `=false` none.
 */
export async function listItemTypes(ctx: AppContext, query: z.output<typeof itemTypeListQuerySchema>) {
  const filters: SQL[] = [eq(dataModels.teamId, query.team)];
  if (query.search) filters.push(ilike(dataModels.title, containsPattern(query.search)));
  if (query.form__isnull !== undefined) {
    const linked = exists(
      sql`(select 1 from ${intakeForms} where ${eq(intakeForms.dataModelId, dataModels.id)})`,
    );
    filters.push(query.form__isnull ? not(linked) : linked);
  }
  if (query.issues__isnull === false) filters.push(sql`false`);
  const where = and(...filters);
  const order = parseOrdering<(typeof ITEM_TYPE_ORDERING)[number]>(
    query.ordering,
    ITEM_TYPE_ORDERING,
    '-update_time',
  );
  const column = orderColumns[order.field];
  const [results, [total]] = await Promise.all([
    loadItemTypes(ctx.db, where, {
      orderBy: [order.descending ? desc(column) : asc(column), desc(dataModels.id)],
      limit: query.limit,
      offset: query.offset,
    }),
    ctx.db.select({ n: count() }).from(dataModels).where(where),
  ]);
  return { count: total?.n ?? 0, results };
}

export async function createItemType(ctx: AppContext, input: Required<ItemTypeCreate>) {
  const [row] = await ctx.db
    .insert(dataModels)
    .values({ teamId: input.team, title: input.title })
    .returning();
  if (!row) throw new Error('no item type');
  return getItemType(ctx, row.id);
}

export async function renameItemType(ctx: AppContext, id: number, input: ItemTypePatch) {
  await ctx.db.update(dataModels).set({ title: input.title }).where(eq(dataModels.id, id));
  return getItemType(ctx, id);
}

/**
 * Refused while a form owns the type (HAS_FORM), a selection uses it (HAS_ISSUES, as the editor hides the
 * button) or items do (HAS_DATASETS, with their number); its fields go with it.
 */
export async function deleteItemType(ctx: AppContext, id: number) {
  await ctx.db.transaction(async (tx) => {
    // The row lock makes a concurrent item insert wait, so the count below stays true.
    await tx.select({ id: dataModels.id }).from(dataModels).where(eq(dataModels.id, id)).for('update');
    const [form] = await tx
      .select({ id: intakeForms.id })
      .from(intakeForms)
      .where(eq(intakeForms.dataModelId, id));
    if (form) throw refusal('HAS_FORM', 'This item type belongs to a form: delete the form instead.');
    const [issue] = await tx
      .select({ id: issues.id })
      .from(issues)
      .where(eq(issues.dataModelId, id))
      .limit(1);
    if (issue) throw refusal('HAS_ISSUES', 'This item type is used by a selection.');
    const [used] = await tx.select({ n: count() }).from(datasets).where(eq(datasets.dataModelId, id));
    const nb = used?.n ?? 0;
    if (nb > 0) {
      const body = { code: 'HAS_DATASETS', detail: `This item type is used by ${nb} items.` };
      throw new AppError(400, Object.assign(body, { nb_datasets: nb }));
    }
    await tx.delete(dataModels).where(eq(dataModels.id, id));
  });
}

/** Fields changed: the type counts as updated (lists sort by update time). */
export async function touchItemType(db: Db, id: number) {
  await db.update(dataModels).set({ updateTime: new Date() }).where(eq(dataModels.id, id));
}
