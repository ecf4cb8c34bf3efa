import {
  DATASET_TITLE_MAX_LENGTH,
  FIELD_REQUIRED_MESSAGE,
  type FieldErrors,
  FORM_NOT_PUBLISHED_MESSAGE,
  type FormSubmissionAction,
  type FormSubmissionCommitReply,
  PARTIAL_SAVE_NOT_ALLOWED_MESSAGE,
  submissionEditPath,
  TITLE_FIELD_EMAIL,
} from '@shortlist/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { datasets, datumValues, formSubmissions, intakeForms } from '../../db/schema.ts';
import { fieldErrors, notFound, refusal } from '../../http/errors.ts';
import { enqueueMail } from '../mail/queue.ts';
import { mailedLink } from '../verification/links.ts';
import { markRespondentQueued } from '../verification/status.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { draftLinkMail, immediateAdminMails, respondentMail } from './mails.ts';
import type { IntakeFormRow } from './public-form.ts';
import { loadQuestions, type Question, visibleQuestionIds } from './questions.ts';
import { recapLines } from './recap.ts';
import { alreadySubmitted, requireOpenSubmission, type SubmissionRow } from './tokens.ts';

type ValueRow = typeof datumValues.$inferSelect;

const isAnswered = (value: ValueRow | undefined) =>
  Boolean(value && (value.response?.trim() || value.jsonResponse || value.fileKey));

/** The visible required questions left unanswered, keyed by question id. */
function missingAnswers(questions: Question[], values: ValueRow[]): FieldErrors {
  const byField = new Map(values.map((value) => [value.datumFieldId, value]));
  const visible = visibleQuestionIds(
    questions,
    new Map(values.map((value) => [value.datumFieldId, value.response])),
  );
  const errors: FieldErrors = {};
  for (const { field } of questions) {
    if (field.required && visible.has(field.id) && !isAnswered(byField.get(field.id)))
      errors[String(field.id)] = [FIELD_REQUIRED_MESSAGE];
  }
  return errors;
}

/** The item's title: the answer to the form's title question, else the respondent's e-mail. */
function submissionTitle(form: IntakeFormRow, submission: SubmissionRow, values: ValueRow[]) {
  const answer =
    form.titleField === TITLE_FIELD_EMAIL
      ? undefined
      : values.find((value) => value.datumFieldId === form.titleField)?.response?.trim();
  return (answer || submission.email).slice(0, DATASET_TITLE_MAX_LENGTH);
}

async function submit(ctx: AppContext, form: IntakeFormRow, submission: SubmissionRow) {
  const [questions, values] = await Promise.all([
    loadQuestions(ctx.db, form.dataModelId),
    ctx.db.select().from(datumValues).where(eq(datumValues.datasetId, submission.datasetId)),
  ]);
  const missing = missingAnswers(questions, values);
  if (Object.keys(missing).length > 0) throw fieldErrors(missing);
  const title = submissionTitle(form, submission, values);
  const recap = recapLines(questions, values);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [marked] = await tx
      .update(formSubmissions)
      .set({ status: 'submitted', submitTime: now, updateTime: now })
      .where(and(eq(formSubmissions.id, submission.id), ne(formSubmissions.status, 'submitted')))
      .returning({ id: formSubmissions.id });
    if (!marked) throw alreadySubmitted();
    await tx.update(datasets).set({ title, updateTime: now }).where(eq(datasets.id, submission.datasetId));
    const confirmation = respondentMail(form, submission.email, recap);
    if (confirmation) await markRespondentQueued(tx, submission.id);
    await enqueueMail(tx, [
      ...(confirmation ? [{ ...confirmation, verifiesSubmissionId: submission.id }] : []),
      ...(await immediateAdminMails(tx, { form, title, publicUrl: ctx.config.publicUrl })),
    ]);
    await emitWebhookEvent(tx, form.teamId, 'form.submitted', {
      form: { id: form.id, title: form.title },
      submission: { id: submission.id, email: submission.email, submit_time: now.toISOString() },
      item: { id: submission.datasetId, title },
    });
  });
}

/** Undoes a submission never saved: its item, answers and files go. A saved draft stays as it was. */
async function cancel(ctx: AppContext, submission: SubmissionRow) {
  if (submission.status !== 'pending') return 'draft' as const;
  const fileKeys = await ctx.db.transaction(async (tx) => {
    const removed = await tx
      .delete(datumValues)
      .where(eq(datumValues.datasetId, submission.datasetId))
      .returning({ fileKey: datumValues.fileKey });
    await tx.delete(datasets).where(eq(datasets.id, submission.datasetId));
    return removed.map(({ fileKey }) => fileKey);
  });
  await ctx.files.remove(fileKeys);
  return 'cancelled' as const;
}

/**
 * POST form-submissions/{id}/commit/: after the answers and their files, `save` keeps a draft (if the
 * form allows it) and answers its edit link, `submit` checks the required questions and sends the
 * mails, `cancel` removes what was never saved. A submitted submission never changes again.
 */
export async function commitSubmission(
  ctx: AppContext,
  { id, token, action }: { id: number; token: string; action: FormSubmissionAction },
): Promise<FormSubmissionCommitReply> {
  const submission = await requireOpenSubmission(ctx.db, { id, token });
  const reply = (status: FormSubmissionCommitReply['status'], editLink: string | null = null) => ({
    submission_id: submission.id,
    status,
    is_submitted: status === 'submitted',
    edit_link: editLink,
  });
  if (action === 'cancel') return reply(await cancel(ctx, submission));

  const [form] = await ctx.db.select().from(intakeForms).where(eq(intakeForms.id, submission.formId));
  if (!form) throw notFound();
  if (!form.published) throw refusal('NOT_PUBLISHED', FORM_NOT_PUBLISHED_MESSAGE);
  if (action === 'submit') {
    await submit(ctx, form, submission);
    return reply('submitted');
  }
  if (!form.allowPartialSave) throw refusal('PARTIAL_SAVE_NOT_ALLOWED', PARTIAL_SAVE_NOT_ALLOWED_MESSAGE);
  const editPath = submissionEditPath(form.id, submission.id, token);
  await saveDraft(ctx, form, submission, `${ctx.config.publicUrl}${editPath}`);
  return reply('draft', editPath);
}

/**
 * A draft is named like a submitted response, so that admins recognise it in the responses list. The
 * first save mails the respondent the link to come back (later saves keep the same link); the mailed copy
 * verifies the respondent's address when opened.
 */
async function saveDraft(ctx: AppContext, form: IntakeFormRow, submission: SubmissionRow, editLink: string) {
  const values = await ctx.db
    .select()
    .from(datumValues)
    .where(eq(datumValues.datasetId, submission.datasetId));
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [saved] = await tx
      .update(formSubmissions)
      .set({ status: 'draft', updateTime: now })
      .where(and(eq(formSubmissions.id, submission.id), ne(formSubmissions.status, 'submitted')))
      .returning({ id: formSubmissions.id });
    if (!saved) throw alreadySubmitted();
    const title = submissionTitle(form, submission, values);
    await tx.update(datasets).set({ title, updateTime: now }).where(eq(datasets.id, submission.datasetId));
    if (submission.status === 'pending') {
      const address = { kind: 'respondent', id: submission.id, email: submission.email } as const;
      const link = mailedLink(ctx, editLink, address);
      await enqueueMail(tx, {
        ...draftLinkMail(form, submission.email, link),
        verifiesSubmissionId: submission.id,
      });
      await markRespondentQueued(tx, submission.id);
    }
  });
}
