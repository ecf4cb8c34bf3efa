import { z } from 'zod';
import { EMAIL_VERIFICATION_STATUSES, emailSchema } from './auth.ts';
import { bodyIdSchema, idSchema, pageQuerySchema } from './common.ts';
import { ISSUE_DATASETS_BATCH_MAX } from './selections.ts';

/** How many e-mails one "add judges" request takes. */
export const JUDGES_ADD_MAX = 100;
/** The judges-per-item dialog's upper bound; the server also caps it at the number of judges. */
export const JUDGES_PER_ITEM_MAX = 100;

export const JUDGE_STATUSES = ['not_invited', 'invited', 'answered'] as const;
export type JudgeStatus = (typeof JUDGE_STATUSES)[number];

export const JUDGE_ALREADY_SUBMITTED = 'JUDGE_ALREADY_SUBMITTED';
export const JUDGE_ALREADY_SUBMITTED_MESSAGE =
  'The judge has already submitted answers. Please refresh the page.';
export const NO_ITEMS = 'NO_ITEMS';
export const NO_ITEMS_MESSAGE = 'Please add at least one item before sending invitations.';
export const NO_INVITATIONS_LEFT = 'NO_INVITATIONS_LEFT';
export const HAS_SUBMISSIONS = 'HAS_SUBMISSIONS';
export const ADMIN_CANNOT_JUDGE_MESSAGE = 'An admin of the workspace cannot be a judge.';

export const judgeUserSchema = z.object({
  id: z.number().int(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  email_verification_status: z.enum(EMAIL_VERIFICATION_STATUSES),
});

/** A judge of a selection as its admins see it. */
export const judgeSchema = z.object({
  id: z.number().int(),
  user: judgeUserSchema,
  origin: z.enum(['admin', 'public']),
  /** The personal link: whoever holds it answers as this judge. */
  issue_answer_link: z.string(),
  /** Items this judge may answer (all the selection's items when access_all_items is on). */
  nb_datasets: z.number().int(),
  nb_invitations: z.number().int(),
  invitations_left: z.number().int(),
  has_submitted: z.boolean(),
  create_time: z.string(),
});
export type Judge = z.infer<typeof judgeSchema>;

export const judgeListQuerySchema = pageQuerySchema.extend({
  status: z.enum(JUDGE_STATUSES).optional(),
});
export type JudgeListQuery = z.input<typeof judgeListQuerySchema>;

/**
 * `{user, access}` gives or removes the access of a known judge; `{emails, access: true}` adds judges
 * by e-mail, creating accounts without a password for unknown addresses.
 */
export const setAccessSchema = z
  .object({
    user: bodyIdSchema.optional(),
    emails: z.array(emailSchema).min(1).max(JUDGES_ADD_MAX).optional(),
    access: z.boolean(),
  })
  .strict()
  .superRefine((body, context) => {
    if (body.user === undefined && body.emails === undefined)
      context.addIssue({ code: 'custom', path: ['user'], message: 'This field is required.' });
    if (body.user !== undefined && body.emails !== undefined)
      context.addIssue({ code: 'custom', path: ['emails'], message: 'Send either user or emails.' });
    if (body.emails !== undefined && !body.access)
      context.addIssue({ code: 'custom', path: ['access'], message: 'Judges are added by e-mail only.' });
  });
export type SetAccess = z.input<typeof setAccessSchema>;

/** ADDED whether or not the address has an account (decision 42); EXISTED when it already judges here. */
export const ACCESS_RESULT_TYPES = ['ADDED', 'EXISTED', 'REMOVED'] as const;
export const setAccessResultSchema = z.object({
  results: z.array(
    z.object({ user: z.number().int(), email: z.string(), type: z.enum(ACCESS_RESULT_TYPES) }),
  ),
});
export type SetAccessResult = z.infer<typeof setAccessResultSchema>;

export const setDatasetsAccessSchema = z.object({
  user: bodyIdSchema,
  access: z.boolean(),
  datasets: z.array(bodyIdSchema).min(1).max(ISSUE_DATASETS_BATCH_MAX),
});
export type SetDatasetsAccess = z.input<typeof setDatasetsAccessSchema>;

export const copyAccessSchema = z.object({ from_user: bodyIdSchema, to_user: bodyIdSchema });
export type CopyAccess = z.input<typeof copyAccessSchema>;

/** The judge's item access after a change. */
export const judgeAccessResultSchema = z.object({ user: z.number().int(), nb_datasets: z.number().int() });
export type JudgeAccessResult = z.infer<typeof judgeAccessResultSchema>;

export const spreadAccessSchema = z.object({
  judges_per_item: z.number().int().min(1).max(JUDGES_PER_ITEM_MAX),
});
export type SpreadAccess = z.input<typeof spreadAccessSchema>;
export const spreadAccessResultSchema = z.object({
  nb_judges: z.number().int(),
  nb_datasets: z.number().int(),
  min_datasets_per_judge: z.number().int(),
  max_datasets_per_judge: z.number().int(),
});
export type SpreadAccessResult = z.infer<typeof spreadAccessResultSchema>;

/** The items of a selection, each marked with whether one judge may answer it. */
export const accessDatasetsQuerySchema = pageQuerySchema.extend({ user: idSchema });
export const accessDatasetSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  has_access: z.boolean(),
});
export type AccessDataset = z.infer<typeof accessDatasetSchema>;

/** The admin's own words added to an invitation, shown in the mail above the link. */
export const INVITATION_MESSAGE_MAX_LENGTH = 1000;
const invitationMessageSchema = z.string().trim().max(INVITATION_MESSAGE_MAX_LENGTH);

export const sendInvitationSchema = z.object({
  user: bodyIdSchema,
  message: invitationMessageSchema.optional(),
});
export type SendInvitation = z.input<typeof sendInvitationSchema>;
/** SENT: mailed and recorded; ANSWERED_ALREADY: the judge has submitted, nothing was sent. */
export const sendInvitationResultSchema = z.object({
  type: z.enum(['SENT', 'ANSWERED_ALREADY']),
  remaining: z.number().int(),
});
export type SendInvitationResult = z.infer<typeof sendInvitationResultSchema>;

/** The invitation as the judge would get it now, rendered without sending. */
export const invitationPreviewQuerySchema = z.object({
  user: idSchema,
  message: invitationMessageSchema.optional(),
});
export type InvitationPreviewQuery = z.input<typeof invitationPreviewQuerySchema>;
export const invitationPreviewSchema = z.object({
  to: z.string(),
  /** The judge's language, in which the mail is written. */
  language: z.string(),
  /** An invitation was already sent: this one would be a reminder. */
  is_reminder: z.boolean(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});
export type InvitationPreview = z.infer<typeof invitationPreviewSchema>;

/** Judges one "invite all" request mails at most; the reply says how many are still waiting. */
export const INVITE_ALL_MAX = 100;
export const inviteAllSchema = z.object({ message: invitationMessageSchema.optional() });
export type InviteAll = z.input<typeof inviteAllSchema>;
/**
 * `sent` judges were mailed. Judges never invited who were not: `no_items` (nothing they can answer),
 * `answered` (submitted through a link they already had), `invalid_email` (the address is known to
 * refuse mail, or refused it now), `left` (beyond INVITE_ALL_MAX: another request sends to them).
 */
export const inviteAllResultSchema = z.object({
  sent: z.number().int(),
  skipped: z.object({
    no_items: z.number().int(),
    answered: z.number().int(),
    invalid_email: z.number().int(),
    left: z.number().int(),
  }),
});
export type InviteAllResult = z.infer<typeof inviteAllResultSchema>;

export const invitationSchema = z.object({
  id: z.number().int(),
  user: z.number().int(),
  create_time: z.string(),
});
export type Invitation = z.infer<typeof invitationSchema>;
export const invitationListQuerySchema = pageQuerySchema.extend({ user: idSchema.optional() });

export const judgesStatusesSchema = z.object({
  /** Invitations and reminders sent, keyed by user id. */
  invitations_per_user: z.record(z.string(), z.number().int()),
  submission_user_ids: z.array(z.number().int()),
});
export type JudgesStatuses = z.infer<typeof judgesStatusesSchema>;
