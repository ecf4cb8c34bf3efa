import { z } from 'zod';
import { bodyIdSchema, idSchema, LANGUAGES, pageQuerySchema, queryBoolean } from './common.ts';

// Mass e-mail: templates, batches and their e-mails ("demails"). Spec items-forms-email §3, §5, §6, §7, §9.

export const EMAIL_TEMPLATE_TITLE_MAX_LENGTH = 100;
export const EMAIL_TEMPLATE_DESCRIPTION_MAX_LENGTH = 400;
export const EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH = 255;
/** Not in the spec: a ceiling on a template's body, far above any real letter. */
export const EMAIL_TEMPLATE_BODY_MAX_LENGTH = 100_000;
export const EMAIL_BATCH_TITLE_MAX_LENGTH = 100;
export const EMAIL_BATCH_DESCRIPTION_MAX_LENGTH = 400;
export const EMAIL_TEMPLATES_PAGE_SIZE = 10;
export const EMAIL_BATCHES_PAGE_SIZE = 10;
/** Template pickers load this many at once (spec: "limit 100 in pickers"). */
export const EMAIL_TEMPLATES_PICKER_LIMIT = 100;
/** How long the "items without an e-mail were ignored" warning stays (spec: 6 seconds). */
export const IGNORED_ITEMS_WARNING_SECONDS = 6;

/** Every template may use the item's title; fields add theirs through `template_variable_email`. */
export const TITLE_TEMPLATE_VARIABLE = 'title';

/**
 * The Liquid name of a field's e-mail variable: its spaces become underscores ("résumé court" →
 * `{{ résumé_court }}`), since a Liquid name has none.
 */
export const templateVariableName = (templateVariableEmail: string) =>
  templateVariableEmail.trim().replace(/\s+/g, '_');

export const EMAIL_BATCH_STATUSES = ['draft', 'scheduled', 'sending', 'sent', 'failed'] as const;
export type EmailBatchStatus = (typeof EMAIL_BATCH_STATUSES)[number];

/** Per-e-mail send status codes of the spec; null is a draft (not yet sent). */
export const DEMAIL_STATUS = { sent: 0, failed: 1, queued: 2, requeued: 3 } as const;
export type DemailStatus = (typeof DEMAIL_STATUS)[keyof typeof DEMAIL_STATUS];
/** What the interface shows: queued and requeued are both "queued". */
export const DEMAIL_STATUS_LABELS = ['draft', 'sent', 'failed', 'queued'] as const;
export type DemailStatusLabel = (typeof DEMAIL_STATUS_LABELS)[number];
export function demailStatusLabel(status: DemailStatus | null): DemailStatusLabel {
  if (status === null) return 'draft';
  if (status === DEMAIL_STATUS.sent) return 'sent';
  if (status === DEMAIL_STATUS.failed) return 'failed';
  return 'queued';
}

/** Wizard steps of the batch page (spec: list emails 0, preview 1, send 2, sent 3). */
export const BATCH_STEPS = { list: 0, preview: 1, send: 2, sent: 3 } as const;

// Codes of refusals, each with its own message.
export const MASS_EMAILS_NOT_ALLOWED = 'MASS_EMAILS_NOT_ALLOWED';
export const MASS_EMAILS_NOT_ALLOWED_MESSAGE = 'Your package does not allow mass e-mails.';
export const BATCH_SIZE_LIMIT = 'BATCH_SIZE_LIMIT';
export const batchSizeLimitMessage = (limit: number) =>
  `Your package allows at most ${limit} ${limit === 1 ? 'e-mail' : 'e-mails'} in a batch.`;
export const BATCHES_PER_MONTH_LIMIT = 'BATCHES_PER_MONTH_LIMIT';
export const batchesPerMonthMessage = (limit: number) =>
  limit === 1
    ? "Your package allows 1 batch sent a month; this month's is used."
    : `Your package allows ${limit} batches sent a month; this month's are used.`;
export const NO_TEMPLATE = 'NO_TEMPLATE';
export const NO_TEMPLATE_MESSAGE = 'The batch does not have a related template.';
export const NO_EMAILS = 'NO_EMAILS';
export const NO_EMAILS_MESSAGE = 'The batch does not have any e-mails.';
export const NO_SUBJECT = 'NO_SUBJECT';
export const NO_SUBJECT_MESSAGE = 'Each e-mail needs a subject.';
export const NOT_RENDERED = 'NOT_RENDERED';
export const NOT_RENDERED_MESSAGE = 'Preview the e-mails before sending them.';
export const BATCH_NOT_DRAFT = 'BATCH_NOT_DRAFT';
export const BATCH_NOT_DRAFT_MESSAGE = 'Only a draft batch can be changed or deleted.';
export const NO_ITEM_WITH_EMAIL = 'NO_ITEM_WITH_EMAIL';
export const NO_ITEM_WITH_EMAIL_MESSAGE = 'None of these items has an e-mail address.';
export const unknownVariableMessage = (name: string) => `Unknown variable "${name}".`;
export const NO_RENDERED_EMAILS = 'NO_RENDERED_EMAILS';
export const NO_RENDERED_EMAILS_MESSAGE =
  'None of the e-mails could be rendered: each one says why. Change the template and preview again.';

// What a template may do (docs/emails.md): refused when it is saved, named in the message.
export const refusedTagMessage = (tag: string) => `The tag "${tag}" cannot be used in an e-mail template.`;
export const refusedFilterMessage = (filter: string) =>
  `The filter "${filter}" cannot be used in an e-mail template.`;
/** The most characters one rendered e-mail body may have (Gmail clips a message at about 100 KB). */
export const RENDERED_EMAIL_MAX_LENGTH = 500_000;
/**
 * Parts (texts, tags, loop turns) one render may go through: a long letter takes a few hundred. The
 * work of a render is bounded by this count, not by a clock that a loaded server would make lie.
 */
export const TEMPLATE_RENDER_STEPS_LIMIT = 10_000;
export const TEMPLATE_TOO_MANY_STEPS_MESSAGE = `The template renders too many parts: over ${TEMPLATE_RENDER_STEPS_LIMIT.toLocaleString('en')} an e-mail (a loop that turns too often?).`;
/** A last bound, in case a step is slow: a legitimate template renders in a few milliseconds. */
export const TEMPLATE_RENDER_TIME_LIMIT_MS = 1000;
export const TEMPLATE_TOO_SLOW_MESSAGE = `The template takes too long to render (over ${TEMPLATE_RENDER_TIME_LIMIT_MS} ms an e-mail).`;
export const TEMPLATE_TOO_LARGE_MESSAGE = 'The template builds too much: a loop or a text is too large.';
export const RENDERED_TOO_LONG_MESSAGE = `The e-mail would be longer than ${RENDERED_EMAIL_MAX_LENGTH.toLocaleString('en')} characters.`;
export const TEMPLATE_TOO_DEEP_MESSAGE = 'The template is nested too deeply.';
export const templateUnreadableMessage = (reason: string) => `The template cannot be read: ${reason}`;
export const templateRenderFailedMessage = (reason: string) => `The template cannot be rendered: ${reason}`;

// Templates

export const emailTemplateSchema = z.object({
  id: z.number().int(),
  team: z.number().int(),
  title: z.string(),
  description: z.string(),
  subject: z.string(),
  html_content: z.string(),
  /** The language of subject and body (docs/emails.md, "Language variant"). */
  language: z.enum(LANGUAGES),
  /** Subject and body in the other language, for items whose form is in it; null: none. */
  variant_subject: z.string().nullable(),
  variant_html_content: z.string().nullable(),
  create_time: z.string(),
});
export type EmailTemplate = z.infer<typeof emailTemplateSchema>;

const templateFields = {
  title: z.string().trim().min(1).max(EMAIL_TEMPLATE_TITLE_MAX_LENGTH),
  description: z.string().trim().max(EMAIL_TEMPLATE_DESCRIPTION_MAX_LENGTH).default(''),
  subject: z.string().trim().min(1).max(EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH),
  html_content: z.string().trim().min(1).max(EMAIL_TEMPLATE_BODY_MAX_LENGTH),
  language: z.enum(LANGUAGES).default('en'),
  /** Both or neither: an empty pair removes the variant. */
  variant_subject: z.string().trim().max(EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH).nullable().default(null),
  variant_html_content: z.string().trim().max(EMAIL_TEMPLATE_BODY_MAX_LENGTH).nullable().default(null),
};
export const emailTemplateCreateSchema = z.object({ team: bodyIdSchema, ...templateFields });
export type EmailTemplateCreate = z.infer<typeof emailTemplateCreateSchema>;
export const emailTemplatePatchSchema = z
  .object({
    ...templateFields,
    language: z.enum(LANGUAGES),
    variant_subject: z.string().trim().max(EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH).nullable(),
    variant_html_content: z.string().trim().max(EMAIL_TEMPLATE_BODY_MAX_LENGTH).nullable(),
  })
  .partial();
export type EmailTemplatePatch = z.infer<typeof emailTemplatePatchSchema>;

export const teamQuerySchema = z.object({ team: idSchema });

/** A variable a template may use: `{{ name }}`, from the field `label` of item type `item_type`. */
export const templateVariableSchema = z.object({
  name: z.string(),
  label: z.string(),
  item_type: z.string().nullable(),
});
export type TemplateVariable = z.infer<typeof templateVariableSchema>;

/** Renders unsaved subject and body for one item of the team (its first item with an e-mail if none is named). */
export const templatePreviewRequestSchema = z.object({
  team: bodyIdSchema,
  subject: z.string().max(EMAIL_TEMPLATE_SUBJECT_MAX_LENGTH),
  html_content: z.string().max(EMAIL_TEMPLATE_BODY_MAX_LENGTH),
  dataset: bodyIdSchema.optional(),
  /** The selection whose rank, round, comments and averages fill the variables. */
  issue: bodyIdSchema.optional(),
});
export const renderedEmailSchema = z.object({
  dataset: z.number().int().nullable(),
  dataset_title: z.string().nullable(),
  to: z.string(),
  subject: z.string(),
  html_message: z.string(),
});
export type RenderedEmail = z.infer<typeof renderedEmailSchema>;

/** A test e-mail goes to the signed-in admin, its subject marked so that nobody takes it for the real one. */
export const TEST_EMAIL_SUBJECT_PREFIX = '[Test] ';
/** The item whose e-mail of the batch is rendered and sent to the admin. */
export const sendTestEmailSchema = z.object({ dataset: bodyIdSchema });
export type SendTestEmail = z.infer<typeof sendTestEmailSchema>;
export const sendTestEmailResultSchema = z.object({ to: z.string(), subject: z.string() });
export type SendTestEmailResult = z.infer<typeof sendTestEmailResultSchema>;
/** Test e-mails one admin may send in TEST_EMAILS_WINDOW_MINUTES, whatever the batch. */
export const TEST_EMAILS_PER_WINDOW = 10;
export const TEST_EMAILS_WINDOW_MINUTES = 60;
export const TEST_EMAIL_NOT_SENT = 'TEST_EMAIL_NOT_SENT';
export const TEST_EMAIL_NOT_SENT_MESSAGE =
  'The mail server did not take the test e-mail. Try again in a moment.';

// Batches

export const batchProgressSchema = z.object({
  total: z.number().int(),
  draft: z.number().int(),
  queued: z.number().int(),
  sent: z.number().int(),
  failed: z.number().int(),
  /** E-mails sent again after a server died while sending them: their recipients may have two copies. */
  maybe_sent_twice: z.number().int(),
});
export type BatchProgress = z.infer<typeof batchProgressSchema>;

export const emailBatchSchema = z.object({
  id: z.number().int(),
  team: z.number().int(),
  title: z.string(),
  description: z.string(),
  status: z.enum(EMAIL_BATCH_STATUSES),
  template: z.object({ id: z.number().int(), title: z.string() }).nullable(),
  create_time: z.string(),
  send_time: z.string().nullable(),
  /** status `scheduled`: when the worker starts sending it. */
  scheduled_time: z.string().nullable(),
  /** A decisions mailing: each e-mail tells its item's pending decision, marked sent once it is sent. */
  sends_decisions: z.boolean(),
  /** The selection whose rank, round, shared comments and averages the variables read; null: none. */
  issue: z.number().int().nullable(),
  /** Whether every e-mail has been rendered with the current template (the preview step is done). */
  is_rendered: z.boolean(),
  /** Counts of the batch's e-mails by status: the progress bar while sending. */
  progress: batchProgressSchema,
});
export type EmailBatch = z.infer<typeof emailBatchSchema>;

const batchFields = {
  title: z.string().trim().min(1).max(EMAIL_BATCH_TITLE_MAX_LENGTH),
  description: z.string().trim().max(EMAIL_BATCH_DESCRIPTION_MAX_LENGTH).default(''),
  template: bodyIdSchema,
  sends_decisions: z.boolean().default(false),
  issue: bodyIdSchema.nullable().default(null),
};
export const emailBatchCreateSchema = z.object({ team: bodyIdSchema, ...batchFields });
export type EmailBatchCreate = z.infer<typeof emailBatchCreateSchema>;
export const emailBatchPatchSchema = z
  .object({ ...batchFields, sends_decisions: z.boolean(), issue: bodyIdSchema.nullable() })
  .partial();
export type EmailBatchPatch = z.infer<typeof emailBatchPatchSchema>;

/**
 * The items to mail. Each item's address is its form submission's e-mail, or, with `email_field`,
 * its answer to that text field.
 */
export const createEmailsSchema = z.object({
  datasets: z.array(bodyIdSchema).min(1),
  email_field: bodyIdSchema.nullable().optional(),
});
export type CreateEmails = z.infer<typeof createEmailsSchema>;
export const createEmailsResultSchema = z.object({
  nb_datasets: z.number().int(),
  nb_emails: z.number().int(),
  /** Items left out: no address, or an address that unsubscribed from the team or bounced. */
  nb_without_email: z.number().int(),
  nb_unsubscribed: z.number().int(),
  nb_invalid: z.number().int(),
});
export type CreateEmailsResult = z.infer<typeof createEmailsResultSchema>;

export const renderEmailsSchema = z.object({ template: bodyIdSchema.optional() });

// Batch e-mails

export const demailStatusSchema = z
  .union([z.literal(0), z.literal(1), z.literal(2), z.literal(3)])
  .nullable();
export const demailSchema = z.object({
  id: z.number().int(),
  batch: z.number().int(),
  dataset: z.number().int().nullable(),
  dataset_title: z.string().nullable(),
  template: z.number().int().nullable(),
  email: z.object({
    to: z.string(),
    subject: z.string(),
    html_message: z.string(),
    status: demailStatusSchema,
  }),
  /** The SMTP server's last reply to a failed or retried e-mail. */
  error: z.string().nullable(),
  attempts: z.number().int(),
  sent_time: z.string().nullable(),
  /** A server died while sending it and another sent it again: the recipient may have received it twice. */
  maybe_sent_twice: z.boolean(),
});
export type Demail = z.infer<typeof demailSchema>;

/**
 * One batch as `GET email-batches/{id}/` answers it: with the spec's `demails`, its first e-mails in order
 * (a batch to thousands of items would be megabytes of HTML); the rest are paged from its `emails/`, and
 * `progress` counts them all (decision 186).
 */
export const BATCH_REPLY_DEMAILS_MAX = 100;
export const emailBatchDetailSchema = emailBatchSchema.extend({ demails: z.array(demailSchema) });
export type EmailBatchDetail = z.infer<typeof emailBatchDetailSchema>;

export const DEMAIL_STATUS_FILTERS = ['draft', 'queued', 'sent', 'failed'] as const;
export const demailListQuerySchema = pageQuerySchema.extend({
  status: z.enum(DEMAIL_STATUS_FILTERS).optional(),
  maybe_sent_twice: queryBoolean.optional(),
});
export type DemailListQuery = z.infer<typeof demailListQuerySchema>;

// Unsubscribe (public, signed link in every mass e-mail)

export const unsubscribeParamsSchema = z.object({ token: z.string().min(1).max(500) });
export const unsubscribeInfoSchema = z.object({
  team_title: z.string(),
  email: z.string(),
  is_unsubscribed: z.boolean(),
});
export type UnsubscribeInfo = z.infer<typeof unsubscribeInfoSchema>;
export const UNSUBSCRIBE_LINK_INVALID = 'INVALID_LINK';
export const UNSUBSCRIBE_LINK_INVALID_MESSAGE = 'This unsubscribe link is not valid.';
