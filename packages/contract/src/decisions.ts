import { z } from 'zod';
import { bodyIdSchema, idSchema } from './common.ts';

// Answers back to applicants (issue 32, docs/emails.md "Decisions") and the mailings' audiences.

export const DECISIONS = ['accepted', 'waitlisted', 'declined'] as const;
export type Decision = (typeof DECISIONS)[number];
export const decisionSchema = z.enum(DECISIONS);

/** The variables every template may use beside the item's own (docs/emails.md). */
export const DECISION_TEMPLATE_VARIABLES = ['rank', 'round', 'decision', 'comments', 'averages'] as const;
export type DecisionTemplateVariable = (typeof DECISION_TEMPLATE_VARIABLES)[number];

/** `decision` as an applicant reads it, in their form's language. */
export const DECISION_WORDS: Record<'en' | 'fr', Record<Decision, string>> = {
  en: { accepted: 'Accepted', waitlisted: 'Waitlisted', declined: 'Declined' },
  fr: { accepted: 'Acceptée', waitlisted: 'Sur liste d’attente', declined: 'Refusée' },
};

export const DECISIONS_BULK_MAX = 100_000;

/**
 * Sets (or, with `decision: null`, withdraws) the decision of items: the ticked ones (`datasets`), or
 * the `top` k of a selection's report (`issue`). Stored pending: nothing reaches an applicant before a
 * decisions mailing sends it.
 */
export const setDecisionsSchema = z
  .object({
    team: bodyIdSchema,
    decision: decisionSchema.nullable(),
    datasets: z.array(bodyIdSchema).min(1).max(DECISIONS_BULK_MAX).optional(),
    issue: bodyIdSchema.optional(),
    top: z.number().int().min(1).max(DECISIONS_BULK_MAX).optional(),
  })
  .superRefine((value, ctx) => {
    if ((value.datasets === undefined) === (value.top === undefined)) {
      ctx.addIssue({ code: 'custom', path: ['datasets'], message: 'Give either datasets or top.' });
    }
    if (value.top !== undefined && value.issue === undefined) {
      ctx.addIssue({ code: 'custom', path: ['issue'], message: 'This field is required.' });
    }
  });
export type SetDecisions = z.input<typeof setDecisionsSchema>;
export const setDecisionsResultSchema = z.object({ updated: z.number().int() });

export const itemDecisionSchema = z.object({
  dataset: z.number().int(),
  decision: decisionSchema,
  /** What the applicant was last told; null: nothing yet. */
  sent_decision: decisionSchema.nullable(),
  pending: z.boolean(),
  set_time: z.string(),
  sent_time: z.string().nullable(),
});
export type ItemDecision = z.infer<typeof itemDecisionSchema>;

export const decisionListQuerySchema = z.object({
  team: idSchema,
  /** Only the items of this selection. */
  issue: idSchema.optional(),
});

/**
 * A mailing's audience: the items that match every filter given (at least one). `decision_pending`
 * keeps only items whose decision has not been sent.
 */
export const audienceSchema = z
  .object({
    form: bodyIdSchema.optional(),
    issue: bodyIdSchema.optional(),
    round: z.number().int().min(1).max(100).optional(),
    decision: decisionSchema.optional(),
    decision_pending: z.boolean().optional(),
    tag: z.string().trim().min(1).max(50).optional(),
  })
  .refine((a) => Object.values(a).some((v) => v !== undefined && v !== false), {
    message: 'Choose at least one filter.',
    path: ['form'],
  });
export type Audience = z.infer<typeof audienceSchema>;
export const audienceCountQuerySchema = z.object({ team: bodyIdSchema, audience: audienceSchema });
export const audienceCountSchema = z.object({
  nb_datasets: z.number().int(),
  /** Of those, the items with an address to write to. */
  nb_with_email: z.number().int(),
});
export type AudienceCount = z.infer<typeof audienceCountSchema>;
export const addAudienceSchema = z.object({
  audience: audienceSchema,
  email_field: bodyIdSchema.nullable().optional(),
});

/** Send now (no `send_at`) or schedule; a time not ahead of the database's clock sends now. */
export const sendEmailsSchema = z.object({ send_at: z.iso.datetime({ offset: true }).optional() });
export type SendEmails = z.infer<typeof sendEmailsSchema>;
export const BATCH_NOT_SCHEDULED = 'BATCH_NOT_SCHEDULED';
export const BATCH_NOT_SCHEDULED_MESSAGE = 'Only a scheduled batch can be cancelled.';
export const NO_FAILED_EMAILS = 'NO_FAILED_EMAILS';
export const NO_FAILED_EMAILS_MESSAGE = 'The batch has no failed e-mail to send again.';
export const BATCH_NOT_FINISHED = 'BATCH_NOT_FINISHED';
export const BATCH_NOT_FINISHED_MESSAGE =
  'Failed e-mails can be sent again once the batch has finished sending.';

/** What the respondent's edit link shows: the submission's status and the decision once it was sent. */
export const submissionStatusSchema = z.object({
  is_submitted: z.boolean(),
  submit_time: z.string().nullable(),
  decision: decisionSchema.nullable(),
  decision_time: z.string().nullable(),
});
export type SubmissionStatus = z.infer<typeof submissionStatusSchema>;
export const submissionStatusQuerySchema = z.object({ token: z.string().min(1).max(100) });
