import {
  DATASET_TITLE_MAX_LENGTH,
  FORM_NOT_PUBLISHED_MESSAGE,
  type FormSubmissionAction,
  type FormSubmissionCommitReply,
  NOT_PUBLISHED,
  PARTIAL_SAVE_NOT_ALLOWED_MESSAGE,
  submissionEditPath,
  TITLE_FIELD_EMAIL,
  toLanguage,
} from '@shortlist/contract';
import { and, eq, ne } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { datasets, datumValues, formSubmissions, intakeForms } from '../../db/schema/index.ts';
import { fieldErrors, notFound, refusal } from '../../http/errors.ts';
import { enqueueMail } from '../mail/queue.ts';
import { mailedLink } from '../verification/links.ts';
import { markRespondentQueued } from '../verification/status.ts';
import { emitWebhookEvent } from '../webhooks/emit.ts';
import { draftLinkMail, immediateAdminMails, respondentMail } from './mails.ts';
import type { IntakeFormRow } from './public-form.ts';
import { loadQuestions } from './questions.ts';
import { recapLines } from './recap.ts';
import { missingAnswers } from './required-answers.ts';
import {
  alreadySubmitted,
  isEditableAfterSubmit,
  requireChangeable,
  requireNotDeclined,
  requireSubmission,
  type SubmissionRow,
} from './tokens.ts';

type ValueRow = typeof datumValues.$inferSelect;

/** The item's title: the answer to the form's title question, else the respondent's e-mail. */
function submissionTitle(form: IntakeFormRow, submission: SubmissionRow, values: ValueRow[]) {
  const answer =
    form.titleField === TITLE_FIELD_EMAIL
      ? undefined
      : values.find((value) => value.datumFieldId === form.titleField)?.response?.trim();
  return (answer || submission.email).slice(0, DATASET_TITLE_MAX_LENGTH);
}

/**
 * A submitted response changed through its edit link, while its form allows it (decision 50): the same
 * item takes the new title (its answers were written by the POST); nobody is mailed or notified again.
 */
async function saveEdit(ctx: AppContext, submission: SubmissionRow, title: string) {
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    await tx.update(formSubmissions).set({ updateTime: now }).where(eq(formSubmissions.id, submission.id));
    await tx.update(datasets).set({ title, updateTime: now }).where(eq(datasets.id, submission.datasetId));
  });
}

/** Whom the respondent's mails go to, and in which language: theirs, else (a response from before) the form's. */
const respondentOf = (form: IntakeFormRow, submission: SubmissionRow) => ({
  email: submission.email,
  language: toLanguage(submission.language ?? form.languageCode),
});

/** The mailed copy of the edit link: opened, it verifies the respondent's address. */
const respondentLink = (ctx: AppContext, submission: SubmissionRow, editLink: string) =>
  mailedLink(ctx, editLink, { kind: 'respondent', id: submission.id, email: submission.email });

/** The link the confirmation carries while the form lets the response be changed; null otherwise. */
function mailedEditLink(ctx: AppContext, form: IntakeFormRow, submission: SubmissionRow, editLink: string) {
  if (!isEditableAfterSubmit(form) || !form.editUntil) return null;
  return { url: respondentLink(ctx, submission, editLink), until: form.editUntil };
}

async function submit(ctx: AppContext, form: IntakeFormRow, submission: SubmissionRow, editLink: string) {
  const [questions, values] = await Promise.all([
    loadQuestions(ctx.db, form.dataModelId),
    ctx.db.select().from(datumValues).where(eq(datumValues.datasetId, submission.datasetId)),
  ]);
  const missing = missingAnswers(questions, values);
  if (Object.keys(missing).length > 0) throw fieldErrors(missing);
  const title = submissionTitle(form, submission, values);
  if (submission.status === 'submitted') return saveEdit(ctx, submission, title);
  const respondent = respondentOf(form, submission);
  const recap = recapLines(questions, values, respondent.language);
  await ctx.db.transaction(async (tx) => {
    const now = new Date();
    const [marked] = await tx
      .update(formSubmissions)
      .set({ status: 'submitted', submitTime: now, updateTime: now })
      .where(and(eq(formSubmissions.id, submission.id), ne(formSubmissions.status, 'submitted')))
      .returning({ id: formSubmissions.id });
    if (!marked) throw alreadySubmitted();
    await tx.update(datasets).set({ title, updateTime: now }).where(eq(datasets.id, submission.datasetId));
    const confirmation = respondentMail(
      form,
      respondent,
      recap,
      ctx.config.richTextImageHosts,
      mailedEditLink(ctx, form, submission, editLink),
    );
    if (confirmation) await markRespondentQueued(tx, submission.id);
    const carries = { teamId: form.teamId, itemIds: [submission.datasetId] };
    const admins = await immediateAdminMails(tx, { form, title, publicUrl: ctx.config.publicUrl });
    await enqueueMail(
      tx,
      [...(confirmation ? [{ ...confirmation, verifiesSubmissionId: submission.id }] : []), ...admins].map(
        (mail) => ({ ...mail, carries }),
      ),
    );
    await emitWebhookEvent(
      tx,
      form.teamId,
      'form.submitted',
      {
        form: { id: form.id, title: form.title },
        submission: { id: submission.id, email: submission.email, submit_time: now.toISOString() },
        item: { id: submission.datasetId, title },
      },
      { itemIds: [submission.datasetId] },
    );
  });
}

/** Undoes a submission never saved: its item, answers and files go. A saved draft (or response) stays. */
async function cancel(ctx: AppContext, submission: SubmissionRow) {
  if (submission.status === 'submitted') return 'submitted' as const;
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
 * mails, `cancel` removes what was never saved. A submitted response changes again only while its form
 * allows edits (`edit_until` ahead): then `submit` keeps the changes, and answers the link and the date.
 */
export async function commitSubmission(
  ctx: AppContext,
  { id, token, action }: { id: number; token: string; action: FormSubmissionAction },
): Promise<FormSubmissionCommitReply> {
  const submission = await requireSubmission(ctx.db, { id, token });
  const [form] = await ctx.db.select().from(intakeForms).where(eq(intakeForms.id, submission.formId));
  if (!form) throw notFound();
  requireChangeable(submission, form);
  if (action !== 'cancel') await requireNotDeclined(ctx.db, submission);
  const editPath = submissionEditPath(form.id, submission.id, token);
  const editLink = `${ctx.config.publicUrl}${editPath}`;
  const reply = (
    status: FormSubmissionCommitReply['status'],
    edit: { link: string | null; until: Date | null } = { link: null, until: null },
  ) => ({
    submission_id: submission.id,
    status,
    is_submitted: status === 'submitted',
    edit_link: edit.link,
    edit_until: edit.until?.toISOString() ?? null,
  });
  if (action === 'cancel') return reply(await cancel(ctx, submission));

  if (!form.published) throw refusal(NOT_PUBLISHED, FORM_NOT_PUBLISHED_MESSAGE);
  if (action === 'submit') {
    await submit(ctx, form, submission, editLink);
    return isEditableAfterSubmit(form)
      ? reply('submitted', { link: editPath, until: form.editUntil })
      : reply('submitted');
  }
  // A submitted response is changed, never taken back to a draft.
  if (submission.status === 'submitted') throw alreadySubmitted();
  if (!form.allowPartialSave) throw refusal('PARTIAL_SAVE_NOT_ALLOWED', PARTIAL_SAVE_NOT_ALLOWED_MESSAGE);
  await saveDraft(ctx, form, submission, editLink);
  return reply('draft', { link: editPath, until: null });
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
      await enqueueMail(tx, {
        ...draftLinkMail(form, respondentOf(form, submission), respondentLink(ctx, submission, editLink)),
        verifiesSubmissionId: submission.id,
        carries: { teamId: form.teamId, itemIds: [submission.datasetId] },
      });
      await markRespondentQueued(tx, submission.id);
    }
  });
}
