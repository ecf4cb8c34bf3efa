import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ALREADY_SUBMITTED,
  ALREADY_SUBMITTED_MESSAGE,
  FORM_SUBMISSION_LINK_INVALID_MESSAGE,
  INVALID_EDIT_LINK,
  RESPONSE_DECLINED,
  RESPONSE_DECLINED_MESSAGE,
} from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { formSubmissions, type intakeForms, itemDecisions } from '../../db/schema/index.ts';
import { refusal } from '../../http/errors.ts';

export type SubmissionRow = typeof formSubmissions.$inferSelect;

/** A new edit token: 32 random bytes. Only its sha-256 is stored. */
export const newEditToken = () => randomBytes(32).toString('base64url');

export const hashToken = (token: string) => createHash('sha256').update(token).digest('hex');

function isSameHash(hash: string, token: string) {
  const given = Buffer.from(hashToken(token), 'hex');
  const expected = Buffer.from(hash, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/**
 * The key that lets a file be uploaded to one answer of a submission, derived from the stored hash
 * of its token: nothing more to keep, and no key opens another answer or another submission.
 */
export const fileGrantKey = (submission: Pick<SubmissionRow, 'tokenHash'>, datumValueId: number) =>
  createHmac('sha256', submission.tokenHash).update(`file-upload:${datumValueId}`).digest('hex');

export const isValidGrantKey = (submission: SubmissionRow, datumValueId: number, key: string) => {
  const expected = Buffer.from(fileGrantKey(submission, datumValueId), 'hex');
  const given = Buffer.from(key, 'hex');
  return given.length === expected.length && timingSafeEqual(given, expected);
};

const invalidLink = () => refusal(INVALID_EDIT_LINK, FORM_SUBMISSION_LINK_INVALID_MESSAGE, 404);
export const alreadySubmitted = () => refusal(ALREADY_SUBMITTED, ALREADY_SUBMITTED_MESSAGE);

type EditableForm = Pick<typeof intakeForms.$inferSelect, 'id' | 'editUntil'>;

/** Whether the form lets respondents change a submitted response now: its edit_until is still ahead. */
export const isEditableAfterSubmit = (form: Pick<EditableForm, 'editUntil'>, now = new Date()) =>
  form.editUntil !== null && form.editUntil > now;

/** A submitted response stays as it is (ALREADY_SUBMITTED), unless its form allows edits until a date ahead. */
export function requireChangeable(submission: SubmissionRow, form: Pick<EditableForm, 'editUntil'>) {
  if (submission.status === 'submitted' && !isEditableAfterSubmit(form)) throw alreadySubmitted();
}

/**
 * A response whose applicant was told "declined" (the decision a mailing sent, as the edit page reads it)
 * stays as it is, whatever the form's `edit_until` (decision 187).
 */
export async function requireNotDeclined(db: Db, submission: Pick<SubmissionRow, 'datasetId'>) {
  const [declined] = await db
    .select({ id: itemDecisions.datasetId })
    .from(itemDecisions)
    .where(
      and(eq(itemDecisions.datasetId, submission.datasetId), eq(itemDecisions.sentDecision, 'declined')),
    );
  if (declined) throw refusal(RESPONSE_DECLINED, RESPONSE_DECLINED_MESSAGE);
}

/** The submission that the token opens; a wrong id or token (or another form's) answers the same 404. */
export async function requireSubmission(
  db: Db,
  { id, token, formId }: { id: number; token: string; formId?: number },
) {
  const [row] = await db.select().from(formSubmissions).where(eq(formSubmissions.id, id));
  if (!row || !isSameHash(row.tokenHash, token) || (formId !== undefined && row.formId !== formId))
    throw invalidLink();
  return row;
}

/** The submission that the token opens, still open to changes in its form (`requireChangeable`). */
export async function requireOpenSubmission(
  db: Db,
  { id, token, form }: { id: number; token: string; form: EditableForm },
) {
  const row = await requireSubmission(db, { id, token, formId: form.id });
  requireChangeable(row, form);
  return row;
}
