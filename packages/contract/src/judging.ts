import { z } from 'zod';
import { bodyIdSchema, idSchema, pageQuerySchema, queryBoolean } from './common.ts';
import { TEXT_FORMATS } from './item-types.ts';
import { COMMENT_MAX_LENGTH, issueSchema } from './selections.ts';
import { VERIFICATION_PARAM, verificationCodeSchema } from './verification.ts';

/** How judges answer a selection: the answer page, submissions, and the public get-link flow. */

/** 2,000 items × 5 criteria is 10,000 answers; this leaves room without accepting anything. */
export const SUBMISSION_ANSWERS_MAX = 50_000;
export const SUBMISSION_COMMENTS_MAX = 20_000;
/** The personal link's secret travels in this query parameter, as in the link itself. */
export const ISSUE_TOKEN_PARAM = 'token';
export const ISSUE_CLOSED_DETAIL = 'The selection is not accepting answers.';

/**
 * The personal link's token as every judge's route takes it; its description marks those routes in the
 * OpenAPI document, where the blind-review test finds them all (`judging/blind-review.test.ts`).
 */
export const JUDGE_TOKEN_DESCRIPTION = "The judge's personal link token.";
export const issueTokenQuerySchema = z.object({
  [ISSUE_TOKEN_PARAM]: z.string().max(64).optional().meta({ description: JUDGE_TOKEN_DESCRIPTION }),
});
/** The answer page's own query: the e-mailed link also carries its verification code. */
export const answerViewQuerySchema = issueTokenQuerySchema.extend({
  [VERIFICATION_PARAM]: verificationCodeSchema.optional(),
});

/** The selection as the answer page shows it: what a judge needs, nothing of the admin's settings. */
export const answerViewIssueSchema = issueSchema.pick({
  id: true,
  resourcetype: true,
  status: true,
  public: true,
  title: true,
  description: true,
  random_order: true,
  hide_comments_until_submitted: true,
  hide_judge_names: true,
  deadline: true,
  keep_open_after_deadline: true,
  comments_mode: true,
  item_label_singular_en: true,
  item_label_plural_en: true,
  min_rating: true,
  max_rating: true,
  step: true,
  nb_tokens: true,
  max_per_item: true,
  min_items: true,
  max_items: true,
  nb_ranked: true,
  questions: true,
  team_img: true,
  team_custom_header: true,
});
export type AnswerViewIssue = z.infer<typeof answerViewIssueSchema>;

/** An answer of the item to a field shown to judges (fields with on_issues). */
export const answerViewDetailSchema = z.object({
  label: z.string(),
  resourcetype: z.string(),
  /** A text field's format (a date is written in the page's language); null for any other. */
  format: z.enum(TEXT_FORMATS).nullable(),
  response: z.string().nullable(),
  json_response: z.record(z.string(), z.unknown()).nullable(),
  filename: z.string().nullable(),
  /** The file's type, read from its bytes at upload: the page shows a PDF or an image inline. */
  mime_type: z.string().nullable(),
  file_url_signed: z.string().nullable(),
});
export type AnswerViewDetail = z.infer<typeof answerViewDetailSchema>;

export const answerViewItemSchema = z.object({
  id: z.number().int(),
  /** The item's number in the selection, given when it was added and never reused. */
  number: z.number().int(),
  /** "Item <number>" when blind review hides the title (docs/judging.md); the page writes it in its language. */
  title: z.string(),
  title_hidden: z.boolean(),
  description: z.string(),
  tags: z.array(z.string()),
  /** Empty unless the selection lets judges load item details. */
  details: z.array(answerViewDetailSchema),
});
export type AnswerViewItem = z.infer<typeof answerViewItemSchema>;

export const issueAnswerSchema = z.object({
  id: z.number().int(),
  dataset: z.number().int(),
  question: z.number().int().nullable(),
  value: z.number(),
  user: z.number().int(),
});
export type IssueAnswer = z.infer<typeof issueAnswerSchema>;

export const issueCommentSchema = z.object({
  id: z.number().int(),
  create_time: z.string(),
  issue: z.number().int(),
  dataset: z.number().int(),
  question: z.number().int().nullable(),
  /** The author; null on another judge's comment, to a judge, while the selection hides judges' names. */
  user: z.number().int().nullable(),
  /** Empty where `user` is null. */
  user_fullname: z.string(),
  /**
   * Where `user` is null, the author's letters in this selection ("A", "B"… "Z", "AA"…), which the page
   * writes "Judge A"; null otherwise (docs/judging.md, blind review).
   */
  pseudonym: z.string().nullable(),
  content: z.string(),
  shared: z.boolean(),
});
export type IssueComment = z.infer<typeof issueCommentSchema>;

export const submissionAnswerSchema = z.object({
  dataset: bodyIdSchema,
  question: bodyIdSchema.nullable().optional(),
  value: z.number(),
});
export type SubmissionAnswer = z.input<typeof submissionAnswerSchema>;

export const submissionCommentSchema = z.object({
  dataset: bodyIdSchema,
  question: bodyIdSchema.nullable().optional(),
  content: z.string().trim().max(COMMENT_MAX_LENGTH),
  shared: z.boolean().default(false),
});
export type SubmissionComment = z.input<typeof submissionCommentSchema>;

/** A submission's refusal of an item rated on some criteria and not others (see `ratingStates`). */
export const PARTLY_RATED_MESSAGE = 'Rate every criterion of an item, or none of them.';

/**
 * What counts as answered in a rating selection, one definition for the judge's page and the server: an
 * item is rated once it has a value for every criterion (a value for the item itself when there are no
 * criteria). An item with some criteria rated and not others is partly rated, which a submission refuses
 * (PARTLY_RATED_MESSAGE); so the report, which stores one value per item a judge gave values to
 * (decision 37), counts exactly the items the judge's page counts as rated (docs/judging.md).
 */
export function ratingStates(
  answers: Iterable<{ dataset: number; question?: number | null }>,
  criteria: readonly number[],
): { rated: Set<number>; partly: Set<number> } {
  const wanted = new Set<number | null>(criteria.length > 0 ? criteria : [null]);
  const counts = new Map<number, number>();
  for (const { dataset, question } of answers) {
    if (wanted.has(question ?? null)) counts.set(dataset, (counts.get(dataset) ?? 0) + 1);
  }
  const rated = new Set<number>();
  const partly = new Set<number>();
  for (const [dataset, n] of counts) (n >= wanted.size ? rated : partly).add(dataset);
  return { rated, partly };
}

export const submissionCreateSchema = z.object({
  answers: z.array(submissionAnswerSchema).max(SUBMISSION_ANSWERS_MAX).default([]),
  comments: z.array(submissionCommentSchema).max(SUBMISSION_COMMENTS_MAX).default([]),
});
export type SubmissionCreate = z.input<typeof submissionCreateSchema>;

/**
 * `issues/{id}/draft/`: what the judge has given so far, saved as they go and restored on any device. It
 * has the submission's shape and limits, but counts nowhere until it is submitted; submitting deletes it.
 */
export const answerDraftCreateSchema = submissionCreateSchema;
export type AnswerDraftCreate = SubmissionCreate;
export const answerDraftSchema = z.object({
  answers: z.array(submissionAnswerSchema.extend({ question: z.number().int().nullable() })),
  comments: z.array(
    submissionCommentSchema.extend({ question: z.number().int().nullable(), shared: z.boolean() }),
  ),
  /** null: no draft, the judge's page starts from what they submitted. */
  update_time: z.string().nullable(),
});
export type AnswerDraft = z.infer<typeof answerDraftSchema>;

/**
 * Everything the answer page needs in one reply. `preview` is true for a team admin, who sees the page
 * but cannot submit; `has_submitted` tells a judge they are editing.
 */
export const answerViewSchema = z.object({
  issue: answerViewIssueSchema,
  preview: z.boolean(),
  has_submitted: z.boolean(),
  items: z.array(answerViewItemSchema),
  answers: z.array(issueAnswerSchema),
  /** The judge's own comments. */
  comments: z.array(issueCommentSchema),
  /** Other judges' shared comments, with their full names or, names hidden, their pseudonyms. */
  shared_comments: z.array(issueCommentSchema),
  /** True while the selection hides the others' comments until this judge submits (then none are sent). */
  shared_comments_hidden: z.boolean(),
  /** The items this judge has a conflict of interest with: shown, but they take no answer or comment. */
  conflicts: z.array(z.number().int()),
  /** The judge's saved draft, newer than what they submitted; null when there is none (and in a preview). */
  draft: answerDraftSchema.nullable(),
});
export type AnswerView = z.infer<typeof answerViewSchema>;

export const answersQuerySchema = pageQuerySchema.extend({
  user: idSchema.optional(),
  dataset: idSchema.optional(),
  ...issueTokenQuerySchema.shape,
});
export const commentsQuerySchema = pageQuerySchema.extend({
  as_judge: queryBoolean.optional(),
  user: idSchema.optional(),
  dataset: idSchema.optional(),
  ...issueTokenQuerySchema.shape,
});

/** `answers/count/?user=`: how many answers a judge (a judge: themselves) gave in the selection. */
export const answersCountQuerySchema = answersQuerySchema.pick({
  user: true,
  dataset: true,
  [ISSUE_TOKEN_PARAM]: true,
});
export const submissionsQuerySchema = pageQuerySchema.extend({
  user: idSchema.optional(),
  ...issueTokenQuerySchema.shape,
});
export const submissionsCountQuerySchema = submissionsQuerySchema.pick({
  user: true,
  [ISSUE_TOKEN_PARAM]: true,
});
export const countSchema = z.object({ count: z.number().int() });

export const issueSubmissionSchema = z.object({
  id: z.number().int(),
  user: z.number().int(),
  issue: z.number().int(),
  create_time: z.string(),
});
export type IssueSubmission = z.infer<typeof issueSubmissionSchema>;

export const publicInfoSchema = z.object({
  title: z.string(),
  description: z.string(),
  captcha: z.boolean(),
  email_required: z.boolean(),
  email_link: z.boolean(),
  team_img: z.string().nullable(),
  team_custom_header: z.string().nullable(),
});
export type PublicInfo = z.infer<typeof publicInfoSchema>;

export const unlockPublicSchema = z.object({
  /** Required unless the selection asks for no captcha. */
  captcha: z.string().max(10_000).optional(),
  email: z.string().trim().max(250).optional().default(''),
});
export type UnlockPublic = z.input<typeof unlockPublicSchema>;

/** `token` is null when the personal link went out by e-mail. */
export const unlockPublicResultSchema = z.object({
  token: z.string().nullable(),
  email_sent: z.boolean(),
});
export type UnlockPublicResult = z.infer<typeof unlockPublicResultSchema>;

/** Codes of unlock_public refusals. */
export const HAS_ACCESS = 'HAS_ACCESS';
export const HAS_SUBMITTED = 'HAS_SUBMITTED';

/**
 * `GET judge_portal/`: every selection of the judge, across teams (issue 32). Opened with one of their
 * personal links' token (`?token=`), or signed in (docs/judging.md "Judge's portal", decision in
 * docs/decisions.md).
 */
export const judgePortalQuerySchema = issueTokenQuerySchema;
export const judgePortalEntrySchema = z.object({
  id: z.number().int(),
  title: z.string(),
  team_title: z.string(),
  resourcetype: issueSchema.shape.resourcetype,
  status: issueSchema.shape.status,
  deadline: z.string().nullable(),
  keep_open_after_deadline: z.boolean(),
  /** The personal link's path and query (`/selection/{id}/answer?token=…`), from the site's root. */
  link: z.string(),
  /**
   * The judge's progress in the selection's own units (decision 165): items answered of the items they may
   * answer (their draft when newer); for a ranked ballot, places filled of the ballot's places; for
   * pairwise, items seen of the items they may be shown.
   */
  total: z.number().int(),
  answered: z.number().int(),
  /** Pairwise: the comparisons the judge has made; 0 for the other types. */
  comparisons: z.number().int(),
  /**
   * Nothing is left to do: every item rated (rating) or commented (text), the ballot full (ranked), every
   * item seen (pairwise: the page has no pair left); picks and tokens, once submitted.
   */
  complete: z.boolean(),
  has_submitted: z.boolean(),
  /** The selection whose link opened the portal. */
  current: z.boolean(),
});
export type JudgePortalEntry = z.infer<typeof judgePortalEntrySchema>;
export const judgePortalSchema = z.object({
  email: z.string(),
  /** Open first, by deadline (none last), then the closed ones; archived selections are left out. */
  selections: z.array(judgePortalEntrySchema),
});
export type JudgePortal = z.infer<typeof judgePortalSchema>;
