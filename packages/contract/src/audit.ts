import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { idSchema, pageQuerySchema } from './common.ts';

// The audit log of a team (issue 29, point 4; decision 85): every change that matters, written in the
// transaction that makes it, read by the team's admins, never edited.

/** Who did it: a signed-in user, a judge through their link, a respondent through theirs, or the server. */
export const AUDIT_ACTOR_KINDS = ['user', 'judge', 'respondent', 'system'] as const;
export type AuditActorKind = (typeof AUDIT_ACTOR_KINDS)[number];

/** What an entry is about; `object_id` is that object's id. */
export const AUDIT_OBJECT_TYPES = [
  'team',
  'member',
  'selection',
  'item',
  'merge',
  'mailing',
  'form',
  'webhook',
  'item_type',
  'audit_log',
  'person',
] as const;
export type AuditObjectType = (typeof AUDIT_OBJECT_TYPES)[number];

/** Every action the log records, by the object it is about. */
export const AUDIT_ACTIONS = {
  team: ['team.created', 'team.updated'],
  member: ['member.invited', 'member.accepted', 'member.refused', 'member.removed'],
  selection: [
    'selection.created',
    'selection.updated',
    'selection.deleted',
    'selection.closed',
    'selection.items_added',
    'selection.items_removed',
    'selection.items_promoted',
    'criterion.created',
    'criterion.updated',
    'criterion.deleted',
    'judge.added',
    'judge.removed',
    'judge.items_changed',
    'judge.invited',
    'access.assigned',
    'answers.submitted',
    'answers.edited',
    'conflict.declared',
    'conflict.removed',
    'export.report',
  ],
  item: ['review.changed', 'export.items', 'decision.set', 'decision.sent'],
  merge: ['merge.created', 'merge.updated', 'merge.deleted', 'export.merge'],
  mailing: ['mailing.sent', 'mailing.scheduled', 'mailing.unscheduled', 'mailing.resent'],
  form: ['form.created', 'form.updated', 'form.deleted'],
  webhook: ['webhook.created', 'webhook.updated', 'webhook.deleted'],
  item_type: ['export.item_type'],
  audit_log: ['export.audit_log'],
  person: ['personal_data.exported', 'personal_data.erased'],
} as const satisfies Record<AuditObjectType, readonly string[]>;
export type AuditAction = (typeof AUDIT_ACTIONS)[AuditObjectType][number];
export const AUDIT_ACTION_LIST = Object.values(AUDIT_ACTIONS).flat() as AuditAction[];

/**
 * What changed, field by field: `{field: [old, new]}`, only the fields that changed; a value that names
 * the context (the judge whose items changed) has the same old and new value. Keys with ids name the
 * thing: `answer.<item>.<criterion>` (0: the item as a whole), `comment.<item>.<criterion>`.
 */
export const auditChangesSchema = z.record(z.string(), z.tuple([z.unknown(), z.unknown()]));
export type AuditChanges = z.infer<typeof auditChangesSchema>;

/**
 * Every field name a change may have besides the answer and comment keys: the audited rows' columns
 * (selection, criterion, form, merge, webhook, workspace), the named parts of the other entries, and the
 * filters an export was made with. The page has a name for each in both languages; a test on the server
 * fails for a field written that is not listed here.
 */
// biome-ignore format: grouped by where the fields come from, one group a few lines
export const AUDIT_FIELDS = [
  // Named parts of entries.
  'title', 'description', 'weight', 'weights', 'status', 'criterion', 'judge', 'judges', 'from_judge', 'user',
  'item', 'items', 'items_added', 'items_removed', 'source', 'selector', 'already', 'items_erased', 'answers',
  'comments', 'files', 'emails', 'selection', 'mode', 'role', 'judges_per_item', 'access_all_items',
  'scheduled_time', 'template', 'mailing', 'decision', 'invitations', 'pairs_added', 'pairs_removed', 'by', 'results', 'more',
  // A selection's settings.
  'data_model_id', 'resourcetype', 'public', 'email_required', 'email_link', 'captcha',
  'judges_can_load_dataset_details', 'random_order', 'hide_comments_until_submitted', 'hidden_fields',
  'hide_respondent', 'hide_judge_names', 'share_feedback', 'deadline', 'keep_open_after_deadline',
  'reminder_days_before', 'comments_mode', 'item_label_singular_en', 'item_label_plural_en', 'min_rating',
  'max_rating', 'step', 'nb_tokens', 'max_per_item', 'min_items', 'max_items', 'nb_ranked', 'shortlist_size',
  'round',
  // A form's.
  'published', 'language_code', 'page_header_id', 'css_theme_id', 'allow_partial_save', 'title_field',
  'after_submit_message', 'edit_until', 'respondent_email_active', 'respondent_email_include_recap',
  'respondent_email_subject', 'respondent_email_content', 'respondent_email_html_content',
  // The workspace's and a webhook's.
  'team_image', 'custom_header', 'package', 'sso_only', 'url', 'events', 'active',
  // An export's filters.
  'format', 'search', 'ordering', 'data_model', 'issue', 'reviews__status', 'tag', 'form', 'criteria',
  'only_verified_emails', 'tags', 'normalised', 'per_criterion', 'include_dataset', 'k', 'actor', 'actor_kind',
  'action', 'object_type', 'object_id', 'since', 'until', 'ranked', 'pairwise',
] as const;
export type AuditField = (typeof AUDIT_FIELDS)[number];

/** The names an entry's ids stand for now, read with the page (an erased person has none). */
export const auditRefsSchema = z.object({
  users: z.record(z.string(), z.string()),
  items: z.record(z.string(), z.string()),
  criteria: z.record(z.string(), z.string()),
});
export type AuditRefs = z.infer<typeof auditRefsSchema>;

export const auditEntrySchema = z.object({
  id: z.number().int(),
  time: z.string(),
  actor: z.object({
    kind: z.enum(AUDIT_ACTOR_KINDS),
    /** The user (a judge is a user too); null for a respondent or the server. */
    id: z.number().int().nullable(),
    /** Their address as it is now; null once erased or deleted. */
    email: z.string().nullable(),
  }),
  action: z.enum(AUDIT_ACTION_LIST as [AuditAction, ...AuditAction[]]),
  object_type: z.enum(AUDIT_OBJECT_TYPES),
  object_id: z.number().int().nullable(),
  /** The object's title (or address) now; null once it is gone. */
  object_label: z.string().nullable(),
  changes: auditChangesSchema,
  refs: auditRefsSchema,
});
export type AuditEntry = z.infer<typeof auditEntrySchema>;

/** The filters of the list and of its export. */
export const auditFilterSchema = z.object({
  actor: idSchema.optional(),
  actor_kind: z.enum(AUDIT_ACTOR_KINDS).optional(),
  action: z.enum(AUDIT_ACTION_LIST as [AuditAction, ...AuditAction[]]).optional(),
  object_type: z.enum(AUDIT_OBJECT_TYPES).optional(),
  object_id: idSchema.optional(),
  since: z.iso.datetime({ offset: true }).optional(),
  until: z.iso.datetime({ offset: true }).optional(),
});
export type AuditFilter = z.infer<typeof auditFilterSchema>;
export const auditListQuerySchema = pageQuerySchema
  .omit({ search: true, ordering: true })
  .extend(auditFilterSchema.shape);
export type AuditListQuery = z.infer<typeof auditListQuerySchema>;

export const AUDIT_EXPORT_FORMATS = ['xlsx', 'csv'] as const;
export const auditExportQuerySchema = auditFilterSchema.extend({
  format: z.enum(AUDIT_EXPORT_FORMATS).default('xlsx'),
});

/** At most this many changed values are listed in one entry; the rest are counted (`more`). */
export const AUDIT_CHANGES_MAX = 500;

// Personal data on request (issue 29, point 5; decision 85).

export const personalDataRequestSchema = z.object({ email: emailSchema });
export type PersonalDataRequest = z.infer<typeof personalDataRequestSchema>;

/** The address belongs to a member of the team: their membership is not erased by a request. */
export const PERSON_IS_MEMBER = 'PERSON_IS_MEMBER';
export const PERSON_IS_MEMBER_MESSAGE =
  'This address belongs to a member of the team. Personal data requests cover judges, respondents and contacts.';

/** What an erasure did, counted. */
export const personalDataErasureSchema = z.object({
  teams: z.number().int(),
  judges: z.number().int(),
  answers: z.number().int(),
  comments: z.number().int(),
  items: z.number().int(),
  files: z.number().int(),
  emails: z.number().int(),
});
export type PersonalDataErasure = z.infer<typeof personalDataErasureSchema>;

/** The archive's name: the person is named by nothing but the date. */
export const personalDataArchiveName = (date: Date) => `personal-data-${date.toISOString().slice(0, 10)}.zip`;
