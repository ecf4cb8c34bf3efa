import { z } from 'zod';
import {
  bodyIdSchema,
  idListQuerySchema,
  idSchema,
  type Language,
  pageQuerySchema,
  queryBoolean,
} from './common.ts';
import { issueQuestionSchema } from './criteria.ts';
import { datasetSchema } from './items.ts';
import { tagSchema } from './tags.ts';

export const ISSUES_PAGE_SIZE = 10;
/** The merge dialog's selection search shows this many results. */
export const ISSUES_SEARCH_LIMIT = 5;
export const ISSUE_TITLE_MIN_LENGTH = 2;
export const ISSUE_TITLE_MAX_LENGTH = 150;
export const ISSUE_DESCRIPTION_MAX_LENGTH = 600;

export const RATING_MAX_MIN = 1;
export const RATING_MAX_MAX = 1000;
export const RATING_STEP_MIN = 0.01;
export const RATING_DEFAULTS = { min_rating: 0, max_rating: 5, step: 1 } as const;

export const PICK_MAX_MIN = 1;
export const PICK_MAX_MAX = 1000;
export const PICK_DEFAULTS = { min_items: 0, max_items: 10 } as const;

export const TOKENS_MIN = 1;
export const TOKENS_MAX = 1000;
export const TOKEN_DEFAULTS = { nb_tokens: 20, max_per_item: 5 } as const;

/** Ranked ballots: each judge orders their top n (docs/judging.md, "Ranked ballots"). */
export const RANKED_MIN = 2;
export const RANKED_MAX = 20;
export const RANKED_DEFAULTS = { nb_ranked: 5 } as const;
export const RANKED_LOCKED_MESSAGE = 'The number of items to rank cannot change once judges have answered.';
/** Pairwise: the shortlist's size k that comparisons aim at; null means 10 % of the items (docs/judging.md). */
export const SHORTLIST_SIZE_MIN = 1;
export const SHORTLIST_SIZE_MAX = 1000;

export const INVITATIONS_PER_JUDGE = 3;
export const COMMENT_MAX_LENGTH = 400;
/** Per-judge results are not offered above this many voters. */
export const REPORT_USERS_MAX = 100;
/** Items added or removed by one call. */
export const ISSUE_DATASETS_BATCH_MAX = 1000;

export const ISSUE_RESOURCETYPES = [
  'RatingIssue',
  'SelectionIssue',
  'TokenIssue',
  'TextIssue',
  'RankedIssue',
  'PairwiseIssue',
] as const;
export type IssueResourcetype = (typeof ISSUE_RESOURCETYPES)[number];
/** A selection type's name as the screens and the audit log write it (the web's `selections` namespace too). */
export const ISSUE_RESOURCETYPE_NAMES: Record<Language, Record<IssueResourcetype, string>> = {
  en: {
    RatingIssue: 'Rating',
    SelectionIssue: 'Pick',
    TokenIssue: 'Tokens',
    TextIssue: 'Comments',
    RankedIssue: 'Ranked ballot',
    PairwiseIssue: 'Pairwise',
  },
  fr: {
    RatingIssue: 'Notation',
    SelectionIssue: 'Choix',
    TokenIssue: 'Jetons',
    TextIssue: 'Commentaires',
    RankedIssue: 'Classement',
    PairwiseIssue: 'Par paires',
  },
};
/** Read as text first so that a missing type is 'required', not an invalid choice. */
export const issueResourcetypeSchema = z.string().pipe(z.enum(ISSUE_RESOURCETYPES));

export const ISSUE_STATUSES = ['open', 'closed', 'archived'] as const;
export type IssueStatus = (typeof ISSUE_STATUSES)[number];
export const issueStatusSchema = z.enum(ISSUE_STATUSES);

export const COMMENTS_MODES = ['DATASET', 'QUESTION'] as const;
export type CommentsMode = (typeof COMMENTS_MODES)[number];
/** The mode is also seen in lower case on the wire; it is stored in upper case. */
export const commentsModeSchema = z
  .string()
  .transform((mode) => mode.toUpperCase())
  .pipe(z.enum(COMMENTS_MODES));

/** How a selection names its items: a singular and the matching plural. */
export const ITEM_LABELS = [
  { singular: 'startup', plural: 'startups' },
  { singular: 'person', plural: 'people' },
  { singular: 'company', plural: 'companies' },
  { singular: 'idea', plural: 'ideas' },
  { singular: 'item', plural: 'items' },
] as const;
export type ItemLabelSingular = (typeof ITEM_LABELS)[number]['singular'];
export type ItemLabelPlural = (typeof ITEM_LABELS)[number]['plural'];
export const ITEM_LABEL_DEFAULT: ItemLabelSingular = 'item';
export const itemLabelSingularSchema = z.enum(
  ITEM_LABELS.map((label) => label.singular) as [ItemLabelSingular],
);
export const itemLabelPluralSchema = z.enum(ITEM_LABELS.map((label) => label.plural) as [ItemLabelPlural]);
export const pluralOfItemLabel = (singular: ItemLabelSingular): ItemLabelPlural =>
  ITEM_LABELS.find((label) => label.singular === singular)?.plural ?? 'items';

export const MIN_RATING_MESSAGE = 'The minimum rating cannot be larger than the maximum rating';
export const TYPE_LOCKED_MESSAGE = 'The type of a selection cannot be changed.';
export const ITEM_LABEL_PLURAL_MESSAGE = 'The plural label does not match the singular label.';
export const PUBLIC_NOT_ALLOWED_MESSAGE = 'Your package does not allow public selections.';
export const REMINDER_NEEDS_DEADLINE_MESSAGE = 'A reminder needs a deadline: set one or remove the reminder.';
/** An automatic reminder goes out 1 to this many days before the deadline (docs/judging.md). */
export const REMINDER_DAYS_MAX = 60;
/** An item type has at most 100 fields (MAX_FIELDS_PER_ITEM_TYPE); a list longer than that is not a choice. */
export const MAX_HIDDEN_FIELDS = 100;
export const HIDDEN_FIELD_NOT_OF_TYPE_MESSAGE = "This field is not a question of the selection's item type.";

/** The rule between the deadline settings, checked once merged with the stored values, and by the dialog. */
export function deadlineErrors(s: {
  deadline?: string | Date | null;
  reminder_days_before?: number | null;
}): Record<string, string[]> {
  return s.reminder_days_before != null && s.deadline == null
    ? { reminder_days_before: [REMINDER_NEEDS_DEADLINE_MESSAGE] }
    : {};
}

/**
 * A selection's deadline as a judge reads it, one format for the answer page and the mails (issue 27): the
 * reader's language, the date in full and the time with its zone named — "Friday, May 12, 2031 at 6:00 PM
 * UTC", "vendredi 12 mai 2031 à 18:00 UTC". The page writes it in the judge's own zone, a mail in UTC.
 */
export function formatDeadline(deadline: Date | string, language: string, timeZone?: string): string {
  return new Intl.DateTimeFormat(language, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: 'numeric',
    minute: '2-digit',
    timeZone,
    timeZoneName: 'short',
  }).format(new Date(deadline));
}

export const COMMENTS_MODE_RATING_MESSAGE =
  'The comments mode is only for rating selections that are not public.';

/** Refusal codes of a selection save (spec section 4). */
export const ALREADY_HAS_ISSUE_ACCESSES = 'ALREADY_HAS_ISSUE_ACCESSES';
export const ALREADY_HAS_COMMENTS = 'ALREADY_HAS_COMMENTS';

/** The numbers of every type, as stored; the other types' numbers stay null. */
export interface IssueNumbers {
  min_rating?: number | null;
  max_rating?: number | null;
  step?: number | null;
  min_items?: number | null;
  max_items?: number | null;
  nb_tokens?: number | null;
  max_per_item?: number | null;
  nb_ranked?: number | null;
  shortlist_size?: number | null;
}

/**
 * The rules between numbers of one selection (spec section 5), checked after the per-field ranges.
 * Used on create, on update once merged with the stored values, and by the dialog.
 */
export function issueNumbersErrors(type: IssueResourcetype, n: IssueNumbers): Record<string, string[]> {
  const errors: Record<string, string[]> = {};
  const fail = (field: string, message: string) => {
    errors[field] = [message];
  };
  if (type === 'RatingIssue' && n.min_rating != null && n.max_rating != null) {
    if (n.min_rating >= n.max_rating) fail('min_rating', MIN_RATING_MESSAGE);
    if (n.step != null && n.step > n.max_rating)
      fail('step', `Ensure this value is less than or equal to ${n.max_rating}.`);
  }
  if (type === 'SelectionIssue' && n.min_items != null && n.max_items != null && n.min_items > n.max_items)
    fail('min_items', `Ensure this value is less than or equal to ${n.max_items}.`);
  if (type === 'TokenIssue' && n.max_per_item != null && n.nb_tokens != null && n.max_per_item > n.nb_tokens)
    fail('max_per_item', `Ensure this value is less than or equal to ${n.nb_tokens}.`);
  return errors;
}

const titleSchema = z.string().trim().min(ISSUE_TITLE_MIN_LENGTH).max(ISSUE_TITLE_MAX_LENGTH);

/** Each setting once; create adds the defaults, PATCH makes every one optional. */
const fields = {
  title: titleSchema,
  description: z.string().max(ISSUE_DESCRIPTION_MAX_LENGTH),
  public: z.boolean(),
  email_required: z.boolean(),
  email_link: z.boolean(),
  /** Public selections: a captcha guards the get-link page. */
  captcha: z.boolean(),
  random_order: z.boolean(),
  access_all_items: z.boolean(),
  judges_can_load_dataset_details: z.boolean(),
  /** A judge sees the others' shared comments only once they have submitted (docs/judging.md). */
  hide_comments_until_submitted: z.boolean(),
  /** Blind review (docs/judging.md): the item type's fields judges do not see, by id. */
  hidden_fields: z
    .array(bodyIdSchema)
    .max(MAX_HIDDEN_FIELDS)
    .transform((ids) => [...new Set(ids)]),
  /** Blind review: judges see neither the respondent's e-mail, the contact fields nor identifying fields. */
  hide_respondent: z.boolean(),
  /** Judges see "A judge" instead of the other judges' names beside their shared comments. */
  hide_judge_names: z.boolean(),
  /** Mailings to applicants may quote the judges' shared comments (anonymised) and criterion averages. */
  share_feedback: z.boolean(),
  /** When judging ends, with its offset (ISO 8601); null: none. */
  deadline: z.iso.datetime({ offset: true }).nullable(),
  /** The selection stays open after its deadline, which is then only shown. */
  keep_open_after_deadline: z.boolean(),
  /** Days before the deadline of the automatic reminder; null: none. Needs a deadline. */
  reminder_days_before: z.number().int().min(1).max(REMINDER_DAYS_MAX).nullable(),
  data_model: bodyIdSchema.nullable(),
  item_label_singular_en: itemLabelSingularSchema,
  /** Derived from the singular when left out; when sent it must match. */
  item_label_plural_en: itemLabelPluralSchema,
  min_rating: z.number().min(0).max(RATING_MAX_MAX),
  max_rating: z.number().min(RATING_MAX_MIN).max(RATING_MAX_MAX),
  step: z.number().min(RATING_STEP_MIN).max(RATING_MAX_MAX),
  comments_mode: commentsModeSchema,
  min_items: z.number().int().min(0).max(PICK_MAX_MAX),
  max_items: z.number().int().min(PICK_MAX_MIN).max(PICK_MAX_MAX),
  nb_tokens: z.number().int().min(TOKENS_MIN).max(TOKENS_MAX),
  max_per_item: z.number().int().min(TOKENS_MIN).max(TOKENS_MAX),
  /** Ranked ballots: how many items each judge orders (fewer when they may rank fewer). */
  nb_ranked: z.number().int().min(RANKED_MIN).max(RANKED_MAX),
  shortlist_size: z.number().int().min(SHORTLIST_SIZE_MIN).max(SHORTLIST_SIZE_MAX).nullable(),
};

function withNumberRules<T extends z.ZodObject>(schema: T) {
  return schema.superRefine((value, context) => {
    const v = value as IssueNumbers & { resourcetype: IssueResourcetype };
    for (const [field, messages] of Object.entries(issueNumbersErrors(v.resourcetype, v)))
      for (const message of messages) context.addIssue({ code: 'custom', path: [field], message });
  });
}

const createBase = z.object({
  team: bodyIdSchema,
  title: fields.title,
  description: fields.description.default(''),
  public: fields.public.default(false),
  email_required: fields.email_required.default(true),
  email_link: fields.email_link.default(true),
  captcha: fields.captcha.default(true),
  random_order: fields.random_order.default(false),
  access_all_items: fields.access_all_items.default(true),
  judges_can_load_dataset_details: fields.judges_can_load_dataset_details.default(true),
  hide_comments_until_submitted: fields.hide_comments_until_submitted.default(false),
  hidden_fields: fields.hidden_fields.default([]),
  hide_respondent: fields.hide_respondent.default(false),
  hide_judge_names: fields.hide_judge_names.default(false),
  share_feedback: fields.share_feedback.default(false),
  deadline: fields.deadline.default(null),
  keep_open_after_deadline: fields.keep_open_after_deadline.default(false),
  reminder_days_before: fields.reminder_days_before.default(null),
  data_model: fields.data_model.optional(),
  item_label_singular_en: fields.item_label_singular_en.default(ITEM_LABEL_DEFAULT),
  item_label_plural_en: fields.item_label_plural_en.optional(),
});
export const ratingIssueCreateSchema = withNumberRules(
  createBase.extend({
    resourcetype: z.literal('RatingIssue'),
    min_rating: fields.min_rating.default(RATING_DEFAULTS.min_rating),
    max_rating: fields.max_rating.default(RATING_DEFAULTS.max_rating),
    step: fields.step.default(RATING_DEFAULTS.step),
    comments_mode: fields.comments_mode.default('DATASET'),
  }),
);
export const selectionIssueCreateSchema = withNumberRules(
  createBase.extend({
    resourcetype: z.literal('SelectionIssue'),
    min_items: fields.min_items.default(PICK_DEFAULTS.min_items),
    max_items: fields.max_items.default(PICK_DEFAULTS.max_items),
  }),
);
export const tokenIssueCreateSchema = withNumberRules(
  createBase.extend({
    resourcetype: z.literal('TokenIssue'),
    nb_tokens: fields.nb_tokens.default(TOKEN_DEFAULTS.nb_tokens),
    max_per_item: fields.max_per_item.default(TOKEN_DEFAULTS.max_per_item),
  }),
);
export const textIssueCreateSchema = createBase.extend({ resourcetype: z.literal('TextIssue') });
export const rankedIssueCreateSchema = createBase.extend({
  resourcetype: z.literal('RankedIssue'),
  nb_ranked: fields.nb_ranked.default(RANKED_DEFAULTS.nb_ranked),
});
export const pairwiseIssueCreateSchema = createBase.extend({
  resourcetype: z.literal('PairwiseIssue'),
  shortlist_size: fields.shortlist_size.default(null),
});

export const issueCreateSchema = z.discriminatedUnion('resourcetype', [
  ratingIssueCreateSchema,
  selectionIssueCreateSchema,
  tokenIssueCreateSchema,
  textIssueCreateSchema,
  rankedIssueCreateSchema,
  pairwiseIssueCreateSchema,
]);
export type IssueCreate = z.input<typeof issueCreateSchema>;
export type IssueCreateInput = z.infer<typeof issueCreateSchema>;

/**
 * PATCH of any type: resourcetype is required and must be the stored one; the numbers are checked
 * against each other once merged with the stored values, on the server. Numbers of another type are ignored.
 */
export const issuePatchSchema = z
  .object(fields)
  .partial()
  .extend({
    resourcetype: issueResourcetypeSchema,
    status: issueStatusSchema.optional(),
    /** The full list of the selection's tag ids. */
    tags_patch: z.array(bodyIdSchema).max(1000).optional(),
  });
export type IssuePatch = z.input<typeof issuePatchSchema>;
export type IssuePatchInput = z.infer<typeof issuePatchSchema>;

/** A judge's access as the selection lists it: their items when access is per item, and their link. */
export const issueAccessEntrySchema = z.object({
  id: z.number().int(),
  user: z.number().int(),
  data_sets: z.array(z.number().int()),
  issue_answer_link: z.string(),
});
export type IssueAccessEntry = z.infer<typeof issueAccessEntrySchema>;

/** One selection as its admins see it. The numbers of other types are null. */
export const issueSchema = z.object({
  id: z.number().int(),
  resourcetype: issueResourcetypeSchema,
  status: issueStatusSchema,
  public: z.boolean(),
  email_required: z.boolean(),
  email_link: z.boolean(),
  captcha: z.boolean(),
  title: z.string(),
  description: z.string(),
  access_all_items: z.boolean(),
  judges_can_load_dataset_details: z.boolean(),
  hide_comments_until_submitted: z.boolean(),
  hidden_fields: z.array(z.number().int()),
  hide_respondent: z.boolean(),
  hide_judge_names: z.boolean(),
  share_feedback: z.boolean(),
  /** ISO 8601 in UTC, or null. */
  deadline: z.string().nullable(),
  keep_open_after_deadline: z.boolean(),
  reminder_days_before: z.number().int().nullable(),
  team: z.number().int(),
  data_model: z.number().int().nullable(),
  /** The item types the selection holds, by id: its own and its items'; blind review hides their questions. */
  item_types: z.array(z.number().int()),
  create_time: z.string(),
  random_order: z.boolean(),
  comments_mode: z.enum(COMMENTS_MODES),
  item_label_singular_en: itemLabelSingularSchema,
  item_label_plural_en: itemLabelPluralSchema,
  min_rating: z.number().nullable(),
  max_rating: z.number().nullable(),
  step: z.number().nullable(),
  nb_tokens: z.number().int().nullable(),
  /** Pairwise only: the shortlist's size k; null means 10 % of the items. */
  shortlist_size: z.number().int().nullable(),
  max_per_item: z.number().int().nullable(),
  min_items: z.number().int().nullable(),
  max_items: z.number().int().nullable(),
  nb_ranked: z.number().int().nullable(),
  /** Criteria in creation order. */
  questions: z.array(issueQuestionSchema),
  tags: z.array(tagSchema),
  team_img: z.string().nullable(),
  team_custom_header: z.string().nullable(),
  datasets_count: z.number().int(),
  /** 1, or the round promotion made it (docs/rounds.md): a new round is its source's + 1. */
  round: z.number().int(),
  /** The judges' accesses (spec §3), oldest first. */
  access: z.array(issueAccessEntrySchema),
});
export type Issue = z.infer<typeof issueSchema>;

/** An entry of the selections list. */
export const issueListItemSchema = issueSchema.pick({
  id: true,
  resourcetype: true,
  status: true,
  public: true,
  title: true,
  description: true,
  team: true,
  create_time: true,
  tags: true,
  datasets_count: true,
  round: true,
});
export type IssueListItem = z.infer<typeof issueListItemSchema>;

export const ISSUE_STATUS_FILTERS = ['open', 'closed'] as const;
export const issueListQuerySchema = pageQuerySchema.extend({
  team: idSchema,
  /** Selections carrying any of these tags. */
  tags: idListQuerySchema.optional(),
  status: z.enum(ISSUE_STATUSES).optional(),
  public: queryBoolean.optional(),
});
export type IssueListQuery = z.input<typeof issueListQuerySchema>;

export const issueDatasetsBodySchema = z.object({
  datasets: z.array(bodyIdSchema).min(1).max(ISSUE_DATASETS_BATCH_MAX),
});
export type IssueDatasetsBody = z.infer<typeof issueDatasetsBodySchema>;
export const issueDatasetsReplySchema = z.object({ datasets: z.array(z.number().int()) });
/** The items of a selection, paged like the items list. */
export const issueDatasetsQuerySchema = pageQuerySchema;
export const issueDatasetSchema = datasetSchema;

/** A selection as an item names it in the items list. */
export const issueBriefSchema = z.object({ id: z.number().int(), title: z.string() });
export type IssueBrief = z.infer<typeof issueBriefSchema>;
