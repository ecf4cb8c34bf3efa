import type { DatasetCreateInput, DatasetPatchInput, FieldErrors } from '@shortlist/contract';
import { and, eq, inArray, isNotNull, sql } from 'drizzle-orm';
import { refuseMissing, requireAdminOfRow, requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { dataModels, datasets, datumValues } from '../../db/schema/index.ts';
import type { UserRow } from '../../http/auth.ts';
import { fieldErrors } from '../../http/errors.ts';
import { loadFields, type PreparedAnswer, prepareAnswers } from './answers.ts';
import { type DatasetRow, findDataset, loadDatasetReplies } from './replies.ts';

/** The reply of an item the caller administers; another team's answers 404 like a missing one. */
export async function requireDatasetReply(ctx: AppContext, user: UserRow, id: number) {
  const [reply] = await loadDatasetReplies(ctx, [id]);
  if (!reply) return refuseMissing(user);
  await requireTeamAdmin(ctx, user, reply.team);
  return reply;
}

/** An item the caller administers; another team's answers 404 like a missing one. */
export async function requireDataset(ctx: AppContext, user: UserRow, id: number) {
  return (await requireAdminOfRow(ctx, user, await findDataset(ctx.db, id))).row;
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
  if (models.length !== modelIds.length) refuseMissing(user);
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
  if (rows.length !== unique.length) refuseMissing(user);
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
