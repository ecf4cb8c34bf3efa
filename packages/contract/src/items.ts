import { z } from 'zod';
import { EMAIL_VERIFICATION_STATUSES, emailSchema } from './auth.ts';
import { API_PREFIX, bodyIdSchema, idSchema, pageQuerySchema, pageSchema } from './common.ts';

export const ITEMS_PAGE_SIZE = 20;
export const DATASET_TITLE_MIN_LENGTH = 2;
export const DATASET_TITLE_MAX_LENGTH = 150;
export const DATASET_DESCRIPTION_MAX_LENGTH = 5000;
/** Items created by one POST: an import sends its rows in batches of this size. */
export const DATASETS_BULK_MAX = 500;
export const DATASETS_DELETE_MANY_MAX = 500;
export const DATASET_TAG_MAX_LENGTH = 50;
export const DATASET_TAGS_JOINED_MAX_LENGTH = 200;
/** Tags travel as one text, joined by this separator (the spec's transport). */
export const DATASET_TAGS_SEPARATOR = ';';
/** Answers of a choice question travel as the chosen labels joined by this separator. */
export const CHOICE_RESPONSE_SEPARATOR = ' || ';

/** How long a signed file link stays valid. */
export const FILE_URL_TTL_SECONDS = 60 * 60;
export const FILE_TOO_BIG_MESSAGE = 'The file is too big';

export const DATUM_VALUE_RESOURCETYPES = ['text', 'choice', 'file', 'custom'] as const;
export const datumValueResourcetypeSchema = z.enum(DATUM_VALUE_RESOURCETYPES);

/**
 * What an item tag matches by, the one rule of every tag filter (items list, reports, rounds, mailings;
 * decision 175): trimmed and in lower case, then compared exactly. 'Fintech', ' fintech ' and 'FINTECH' are
 * one tag. The server's SQL compares the same keys (`tag_key` and `tag_keys`, db/tag-match.ts).
 */
export const tagKey = (tag: string) => tag.trim().toLowerCase();

/** The tags given, trimmed, empty ones dropped, the first of each `tagKey` kept. */
export function distinctTags(given: readonly string[]): string[] {
  const seen = new Set<string>();
  const tags: string[] = [];
  for (const raw of given) {
    const tag = raw.trim();
    if (tag && !seen.has(tagKey(tag))) {
      seen.add(tagKey(tag));
      tags.push(tag);
    }
  }
  return tags;
}

/** Whether `tags` hold `tag` by the rule of `tagKey`. */
export const hasTagKey = (tags: readonly string[], tag: string) =>
  tags.some((candidate) => tagKey(candidate) === tagKey(tag));

/** Splits the wire's 'a;b' into tags: trimmed, empty ones dropped, duplicates (same `tagKey`) ignored. */
export const splitDatasetTags = (text: string) => distinctTags(text.split(DATASET_TAGS_SEPARATOR));

/** The tags of an item on the wire: semicolon-joined text in, a checked list out. */
export const datasetTagsSchema = z
  .string()
  .transform(splitDatasetTags)
  .superRefine((tags, context) => {
    const long = tags.find((tag) => tag.length > DATASET_TAG_MAX_LENGTH);
    if (long) {
      context.addIssue({
        code: 'custom',
        message: `Ensure each tag has no more than ${DATASET_TAG_MAX_LENGTH} characters.`,
      });
    } else if (tags.join(DATASET_TAGS_SEPARATOR).length > DATASET_TAGS_JOINED_MAX_LENGTH) {
      context.addIssue({
        code: 'custom',
        message: `Ensure the tags have no more than ${DATASET_TAGS_JOINED_MAX_LENGTH} characters in all.`,
      });
    }
  });

/** One answer given with its item (create or PATCH of an item). */
export const datumValueInputSchema = z.object({
  datum_field: bodyIdSchema,
  resourcetype: datumValueResourcetypeSchema,
  response: z.string().nullable().optional(),
  json_response: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type DatumValueInput = z.infer<typeof datumValueInputSchema>;

export const datumValueCreateSchema = datumValueInputSchema.extend({
  data_set: bodyIdSchema,
  /** Files are sent afterwards to `upload/`; only null is accepted here. */
  file: z.null().optional(),
});
export type DatumValueCreate = z.infer<typeof datumValueCreateSchema>;

export const datumValuePatchSchema = z.object({
  response: z.string().nullable().optional(),
  json_response: z.record(z.string(), z.unknown()).nullable().optional(),
});
export type DatumValuePatch = z.infer<typeof datumValuePatchSchema>;

export const datumValueSchema = z.object({
  id: z.number().int(),
  data_set: z.number().int(),
  datum_field: z.number().int(),
  resourcetype: datumValueResourcetypeSchema,
  response: z.string().nullable(),
  json_response: z.record(z.string(), z.unknown()).nullable(),
  /** The stored file's name, or null when none was uploaded. */
  file: z.string().nullable(),
  filename: z.string().nullable(),
  file_size: z.number().int().nullable(),
  mime_type: z.string().nullable(),
  /** A link valid FILE_URL_TTL_SECONDS, from the site's root. */
  file_url_signed: z.string().nullable(),
});
export type DatumValue = z.infer<typeof datumValueSchema>;

export const datasetReviewStatusSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  color: z.string(),
  bg_color: z.string(),
});

export const datasetReviewSchema = z.object({
  id: z.number().int(),
  issue: z.number().int().nullable(),
  status: datasetReviewStatusSchema.nullable(),
  comments_count: z.number().int(),
});
export type DatasetReview = z.infer<typeof datasetReviewSchema>;

export const datasetSubmissionSchema = z.object({
  create_time: z.string(),
  email: z.string(),
  is_submitted: z.boolean(),
  email_verification_status: z.enum(EMAIL_VERIFICATION_STATUSES),
});
export type DatasetSubmission = z.infer<typeof datasetSubmissionSchema>;

/**
 * The address mass e-mail writes to about an item (set by an Excel import or the item's editor), lower-cased;
 * empty or null for none. Without one, the item's form submission's e-mail is its address.
 */
const contactEmailSchema = z
  .string()
  .trim()
  .transform((text) => text || null)
  .pipe(emailSchema.nullable())
  .nullable();

export const datasetSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  data_model: z.number().int(),
  team: z.number().int(),
  create_time: z.string(),
  update_time: z.string(),
  /** Semicolon-joined, as on the wire of the spec. */
  tags: z.string(),
  has_datum_values: z.boolean(),
  datum_values: z.array(datumValueSchema),
  reviews: z.array(datasetReviewSchema),
  /** The selections the item is in, by title. */
  issues: z.array(z.object({ id: z.number().int(), title: z.string() })),
  /** The item's own contact address (`contactEmailSchema`); null: its submission's e-mail, if any. */
  contact_email: z.string().nullable(),
  /** The form submission that created the item; null for items not from a form. */
  submission: datasetSubmissionSchema.nullable(),
  /** The spec's list of the item's form submissions: `submission` alone, or none (decision 186). */
  submissions: z.array(datasetSubmissionSchema),
  /** The form whose item type the item has (the items table's linked form); null for other types. */
  form: z.object({ id: z.number().int(), title: z.string() }).nullable(),
});
export type Dataset = z.infer<typeof datasetSchema>;

const datasetTitleSchema = z.string().trim().min(DATASET_TITLE_MIN_LENGTH).max(DATASET_TITLE_MAX_LENGTH);

export const datasetCreateSchema = z.object({
  data_model: bodyIdSchema,
  title: datasetTitleSchema,
  description: z.string().max(DATASET_DESCRIPTION_MAX_LENGTH).default(''),
  tags: datasetTagsSchema.default([]),
  contact_email: contactEmailSchema.default(null),
  datum_values: z.array(datumValueInputSchema).default([]),
});
export type DatasetCreate = z.input<typeof datasetCreateSchema>;
export type DatasetCreateInput = z.infer<typeof datasetCreateSchema>;

const datasetCreateListSchema = z.array(datasetCreateSchema).min(1).max(DATASETS_BULK_MAX);

/**
 * One item, or an array of them created in one transaction. Not a `z.union`: a union reports a
 * missing field as "Invalid input" for the whole body, where each field must get its own message.
 */
export const datasetCreateBodySchema = z
  .unknown()
  .transform((body, context): DatasetCreateInput | DatasetCreateInput[] => {
    const parsed = Array.isArray(body)
      ? datasetCreateListSchema.safeParse(body)
      : datasetCreateSchema.safeParse(body);
    if (parsed.success) return parsed.data;
    for (const { path, message } of parsed.error.issues) context.addIssue({ code: 'custom', path, message });
    return z.NEVER;
  })
  .meta({ description: 'A dataset to create, or an array of them (at most DATASETS_BULK_MAX).' });

/** The rows sent to `datasets/validate/`: each is checked on its own, so any shape is accepted here. */
export const datasetValidateBodySchema = z.array(z.unknown()).min(1).max(DATASETS_BULK_MAX);

/** One refused row: its index in the request, its title as sent, and 'field: message' lines. */
export const datasetRowErrorSchema = z.object({
  index: z.number().int(),
  title: z.string(),
  messages: z.array(z.string()),
});
export type DatasetRowError = z.infer<typeof datasetRowErrorSchema>;

/** A row whose title is already an item's title in its item type (any case): a warning, not an error. */
export const datasetDuplicateTitleSchema = z.object({ index: z.number().int(), title: z.string() });
export type DatasetDuplicateTitle = z.infer<typeof datasetDuplicateTitleSchema>;

/** The reply of `datasets/validate/`: the refused rows only, in order, and the rows that repeat a title. */
export const datasetValidationSchema = z.object({
  errors: z.array(datasetRowErrorSchema),
  duplicate_titles: z.array(datasetDuplicateTitleSchema),
});
export type DatasetValidation = z.infer<typeof datasetValidationSchema>;

export const datasetPatchSchema = z.object({
  title: datasetTitleSchema.optional(),
  description: z.string().max(DATASET_DESCRIPTION_MAX_LENGTH).optional(),
  tags: datasetTagsSchema.optional(),
  contact_email: contactEmailSchema.optional(),
  /** Each answer is created or replaced; an empty text or choice answer removes it. */
  datum_values: z.array(datumValueInputSchema).optional(),
});
export type DatasetPatch = z.input<typeof datasetPatchSchema>;
export type DatasetPatchInput = z.infer<typeof datasetPatchSchema>;

export const DATASET_ORDERING = ['title', 'create_time'] as const;
/** Items not reviewed yet, in the `reviews__status` filter. */
export const NOT_REVIEWED = 'none';
/**
 * The items list counts its matches up to this many. Past it the reply says `count: 10000` with
 * `count_exact: false` ("10,000+"), unless the request asks `count=exact` (decision 83).
 */
export const DATASET_COUNT_EXACT_MAX = 10_000;
/** `count=exact`: count every match, however many. */
export const COUNT_EXACT = 'exact' as const;
/** A cursor names the last row of a page (its order, sort value and id), base64url: far below this. */
export const CURSOR_MAX_LENGTH = 1000;

export const datasetListQuerySchema = pageQuerySchema.extend({
  limit: pageQuerySchema.shape.limit.unwrap().default(ITEMS_PAGE_SIZE),
  team: idSchema,
  data_model: idSchema.optional(),
  /** Only the items of this selection; `reviews__status` then reads the review made within it. */
  issue: idSchema.optional(),
  reviews__status: z.union([z.literal(NOT_REVIEWED), idSchema]).optional(),
  /** Only the items carrying this tag, in any case (`tagKey`). */
  tag: z.string().trim().min(1).max(DATASET_TAG_MAX_LENGTH).optional(),
  /** Only the items of this form's item type. */
  form: idSchema.optional(),
  count: z.literal(COUNT_EXACT).optional(),
  /**
   * Where a `next` link goes on: the rows after the one it names, read from the order's index, so that a
   * deep page costs what the first does. `offset` stays beside it for `previous`; any other page is by
   * `offset` alone.
   */
  cursor: z.string().max(CURSOR_MAX_LENGTH).optional(),
});
export type DatasetListQuery = z.input<typeof datasetListQuerySchema>;

/** A page of items: the spec's `{count, next, previous, results}` and whether `count` is every match. */
export const datasetPageSchema = pageSchema(datasetSchema).extend({ count_exact: z.boolean() });
export type DatasetPage = z.infer<typeof datasetPageSchema>;

/**
 * "Select all" in the items table: the ids the list's filters match, newest first, a page of at most
 * DATASET_IDS_PAGE a request, the next named by `next_cursor`; `count` is the matches from the page on,
 * exact up to a page (past it with `count=exact`), as the list's. The client reads pages until it holds
 * DATASET_IDS_MAX: a request reads what a list page does, not the whole selection at once.
 */
export const DATASET_IDS_PAGE = DATASET_COUNT_EXACT_MAX;
export const DATASET_IDS_MAX = 100_000;
export const datasetIdsSchema = z.object({
  count: z.number().int(),
  count_exact: z.boolean(),
  ids: z.array(z.number().int()),
  /** The `cursor` of the next page; null on the last. */
  next_cursor: z.string().nullable(),
});
export type DatasetIds = z.infer<typeof datasetIdsSchema>;

export const datasetsDeleteManySchema = z.object({
  datasets: z.array(bodyIdSchema).min(1).max(DATASETS_DELETE_MANY_MAX),
});

/** The random name the file store gives an upload. */
const FILE_KEY_PATTERN = '[a-f0-9]{16,64}';
export const fileParamsSchema = z.object({ key: z.string().regex(new RegExp(`^${FILE_KEY_PATTERN}$`)) });
/** A link to a file uploaded here (`/api/v1/files/<key>?expires=…&signature=…`), relative to the app. */
const OWN_FILE_LINK = new RegExp(`^${API_PREFIX}/files/${FILE_KEY_PATTERN}(?:\\?[\\w=&.-]*)?$`);
export const isOwnFileLink = (value: string) => OWN_FILE_LINK.test(value);
export const fileQuerySchema = z.object({
  expires: z.coerce.number().int(),
  signature: z.string().max(128),
  /** The name the link serves the file under, signed with it (a judge's link under blind review). */
  name: z.string().max(200).optional(),
});
