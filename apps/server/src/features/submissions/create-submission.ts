import {
  CAPTCHA_INVALID_MESSAGE,
  DATASET_TITLE_MAX_LENGTH,
  FORM_NOT_PUBLISHED_MESSAGE,
  type FormSubmission,
  type formSubmissionCreateSchema,
  HONEYPOT_FIELD,
  NOT_PUBLISHED,
  submissionEditPath,
  toLanguage,
} from '@shortlist/contract';
import { and, eq, inArray, ne, not, sql } from 'drizzle-orm';
import type { z } from 'zod';
import type { AppContext } from '../../context.ts';
import type { Db } from '../../db/client.ts';
import { datasets, datumValues, formSubmissions, intakeForms } from '../../db/schema/index.ts';
import { fieldErrors, notFound, refusal } from '../../http/errors.ts';
import { verifyCaptcha } from '../captcha/service.ts';
import { type PreparedAnswers, prepareAnswers } from './prepare-answers.ts';
import { loadQuestions, type Question } from './questions.ts';
import { type AnswerState, missingAnswers } from './required-answers.ts';
import {
  alreadySubmitted,
  fileGrantKey,
  hashToken,
  newEditToken,
  requireNotDeclined,
  requireOpenSubmission,
  type SubmissionRow,
} from './tokens.ts';

type SubmissionInput = z.output<typeof formSubmissionCreateSchema>;

const captchaRefused = () => fieldErrors({ captcha: [CAPTCHA_INVALID_MESSAGE] });

async function requireOpenForm(ctx: AppContext, id: number) {
  const [form] = await ctx.db.select().from(intakeForms).where(eq(intakeForms.id, id));
  if (!form) throw notFound();
  if (!form.published) throw refusal(NOT_PUBLISHED, FORM_NOT_PUBLISHED_MESSAGE);
  return form;
}

/** Writes the answers of a new or edited submission; answers no longer given (or now hidden) go. */
async function writeAnswers(
  tx: Db,
  { datasetId, isNew }: { datasetId: number; isNew: boolean },
  prepared: PreparedAnswers,
) {
  const keptFieldIds = [
    ...prepared.values.map(({ field }) => field.id),
    ...prepared.files.filter(({ intent }) => intent.kind !== 'remove').map(({ field }) => field.id),
  ];
  const ofDataset = eq(datumValues.datasetId, datasetId);
  // A new item has nothing to remove yet.
  const removed = isNew
    ? []
    : await tx
        .delete(datumValues)
        .where(
          keptFieldIds.length > 0
            ? and(ofDataset, not(inArray(datumValues.datumFieldId, keptFieldIds)))
            : ofDataset,
        )
        .returning({ fileKey: datumValues.fileKey });
  if (prepared.values.length > 0) {
    await tx
      .insert(datumValues)
      .values(
        prepared.values.map(({ field, response, jsonResponse }) => ({
          datasetId,
          datumFieldId: field.id,
          resourcetype: field.resourcetype,
          response,
          jsonResponse,
        })),
      )
      .onConflictDoUpdate({
        target: [datumValues.datasetId, datumValues.datumFieldId],
        set: {
          response: sql`excluded.response`,
          jsonResponse: sql`excluded.json_response`,
          updateTime: new Date(),
        },
      });
  }
  const uploads = prepared.files.filter(({ intent }) => intent.kind === 'upload');
  // A file answer exists before its file: the upload fills it (and replaces a previous file).
  const fileValues =
    uploads.length === 0
      ? []
      : await tx
          .insert(datumValues)
          .values(uploads.map(({ field }) => ({ datasetId, datumFieldId: field.id, resourcetype: 'file' })))
          .onConflictDoUpdate({
            target: [datumValues.datasetId, datumValues.datumFieldId],
            set: { updateTime: new Date() },
          })
          .returning({ id: datumValues.id, datumFieldId: datumValues.datumFieldId });
  return { fileValues, removedFileKeys: removed.map(({ fileKey }) => fileKey) };
}

/**
 * A submitted response changes only into a complete one: its answers once this edit is applied (stored
 * files kept, announced ones counted as given) must still answer every visible required question.
 */
async function checkEditComplete(
  db: Db,
  questions: Question[],
  prepared: PreparedAnswers,
  submission: SubmissionRow,
) {
  const storedFiles = await db
    .select({ datumFieldId: datumValues.datumFieldId, fileKey: datumValues.fileKey })
    .from(datumValues)
    .where(and(eq(datumValues.datasetId, submission.datasetId), eq(datumValues.resourcetype, 'file')));
  const storedKeys = new Map(storedFiles.map((row) => [row.datumFieldId, row.fileKey]));
  const after: AnswerState[] = [
    ...prepared.values.map(({ field, response, jsonResponse }) => ({
      datumFieldId: field.id,
      response,
      jsonResponse,
      fileKey: null,
    })),
    ...prepared.files.map(({ field, intent }) => ({
      datumFieldId: field.id,
      response: null,
      jsonResponse: null,
      fileKey:
        intent.kind === 'remove'
          ? null
          : intent.kind === 'upload'
            ? 'announced'
            : (storedKeys.get(field.id) ?? null),
    })),
  ];
  const missing = missingAnswers(questions, after);
  if (Object.keys(missing).length > 0) throw fieldErrors(missing);
}

/**
 * POST form-submissions/: a new submission (or, with `submission` and `token`, a draft updated, or a
 * submitted response while its form allows edits) stored in one transaction as a `pending` item with its answers, plus a grant per announced file.
 * The captcha is checked last, so that a refused answer does not spend it.
 */
export async function saveSubmission(ctx: AppContext, input: SubmissionInput): Promise<FormSubmission> {
  const form = await requireOpenForm(ctx, input.form);
  if (input[HONEYPOT_FIELD]) throw captchaRefused();
  const existing: SubmissionRow | null =
    input.submission !== undefined
      ? await requireOpenSubmission(ctx.db, { id: input.submission, token: input.token ?? '', form })
      : null;
  if (existing) await requireNotDeclined(ctx.db, existing);
  const questions = await loadQuestions(ctx.db, form.dataModelId);
  const { prepared, errors } = prepareAnswers(questions, input.datum_values);
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
  if (existing?.status === 'submitted') await checkEditComplete(ctx.db, questions, prepared, existing);
  if (!(await verifyCaptcha(ctx, input.captcha))) throw captchaRefused();

  const token = existing ? (input.token ?? '') : newEditToken();
  const { submission, fileValues, removedFileKeys } = await ctx.db.transaction(async (tx) => {
    let row: SubmissionRow | undefined = existing ?? undefined;
    if (row) {
      // A submit committed meanwhile wins: the row is locked and its status checked again here.
      const sameStatus =
        row.status === 'submitted'
          ? eq(formSubmissions.status, 'submitted')
          : ne(formSubmissions.status, 'submitted');
      [row] = await tx
        .update(formSubmissions)
        .set({ updateTime: new Date(), language: input.language ?? row.language })
        .where(and(eq(formSubmissions.id, row.id), sameStatus))
        .returning();
      if (!row) throw alreadySubmitted();
    } else {
      const [dataset] = await tx
        .insert(datasets)
        .values({
          dataModelId: form.dataModelId,
          teamId: form.teamId,
          title: input.email.slice(0, DATASET_TITLE_MAX_LENGTH),
        })
        .returning({ id: datasets.id });
      if (!dataset) throw new Error('dataset insert returned nothing');
      [row] = await tx
        .insert(formSubmissions)
        .values({
          formId: form.id,
          datasetId: dataset.id,
          email: input.email,
          tokenHash: hashToken(token),
          language: input.language ?? toLanguage(form.languageCode),
        })
        .returning();
    }
    if (!row) throw new Error('submission write returned nothing');
    return {
      submission: row,
      ...(await writeAnswers(tx, { datasetId: row.datasetId, isNew: !existing }, prepared)),
    };
  });
  await ctx.files.remove(removedFileKeys);
  return {
    submission_id: submission.id,
    id: submission.datasetId,
    email: submission.email,
    create_time: submission.createTime.toISOString(),
    is_submitted: false,
    edit_token: token,
    edit_link: submissionEditPath(form.id, submission.id, token),
    file_uploads_grants: fileValues.map((value) => ({
      datum_field: value.datumFieldId,
      datum_value: value.id,
      file_key: fileGrantKey(submission, value.id),
    })),
  };
}
