import { z } from 'zod';
import { budgetConfigSchema } from './budget.ts';
import { bodyIdSchema, idSchema, pageQuerySchema, queryBoolean } from './common.ts';

// Item types ("data models") and their fields ("datum fields"), spec items-forms-email §3, §5, §9.

export const ITEM_TYPE_TITLE_MAX_LENGTH = 200;
export const MAX_FIELDS_PER_ITEM_TYPE = 100;
/**
 * The spec gives a field label 300 characters and a form question label 2–400: a field of a form's own
 * item type is a question (up to 400, checked by the server against its item type), any other is held to
 * 300. Both need 2.
 */
export const FIELD_LABEL_MIN_LENGTH = 2;
export const FIELD_LABEL_MAX_LENGTH = 300;
export const QUESTION_LABEL_MAX_LENGTH = 400;
export const FIELD_DESCRIPTION_MAX_LENGTH = 2000;
export const TEMPLATE_VARIABLE_MAX_LENGTH = 30;
/** Letters, digits, é è ê à, space, underscore and hyphen. */
export const TEMPLATE_VARIABLE_PATTERN = /^[A-Za-z0-9éèêà _-]*$/;
export const CHOICE_MIN_OPTIONS = 2;
export const CHOICE_OPTION_MAX_LENGTH = 300;
export const TEXT_MAX_LENGTH_MIN = 2;
export const TEXT_MAX_LENGTH_MAX = 5000;
/** The increment of the form's number input; the server accepts any whole number in range. */
export const TEXT_MAX_LENGTH_STEP = 10;
export const TEXT_MAX_LENGTH_DEFAULT = 60;
export const FILE_MIME_TYPES = ['application/pdf', 'image/png', 'image/jpeg'] as const;
export type FileMimeType = (typeof FILE_MIME_TYPES)[number];
/** What a new file field accepts when the request names no type. */
export const NEW_FILE_FIELD_MIME_TYPES: FileMimeType[] = ['image/jpeg', 'image/png', 'application/pdf'];
export const FILE_MAX_SIZE_DEFAULT_BYTES = 1024 * 1024;
/** Not in the spec: a ceiling so that one field cannot ask respondents for gigabytes. */
export const FILE_MAX_SIZE_CAP_BYTES = 50 * 1024 * 1024;
export const CUSTOM_FIELD_TYPES = ['budget'] as const;
/** What a text answer must look like; null accepts any text. */
export const TEXT_FORMATS = ['email', 'number', 'date', 'url'] as const;
export type TextFormat = (typeof TEXT_FORMATS)[number];
/** Why a text answer does not fit its field's format: the server and the pages word each code. */
export type TextFormatProblem = 'email' | 'number' | 'min' | 'max' | 'date' | 'url';
export const NUMBER_BOUNDS_ORDER_MESSAGE = 'Ensure this value is greater than or equal to number_min.';
export const DATUM_FIELD_TYPES = ['text', 'choice', 'file', 'custom'] as const;
export type DatumFieldType = (typeof DATUM_FIELD_TYPES)[number];

export const TEMPLATE_VARIABLE_CHARACTERS_MESSAGE =
  'Only letters, digits, é è ê à, spaces, underscores and hyphens are allowed.';
export const TEMPLATE_VARIABLE_TYPE_MESSAGE =
  'E-mail variables are only available for text and choice fields.';
export const OPTIONS_UNIQUE_MESSAGE = 'The options must be unique.';

/** Trims and collapses repeated spaces, as the e-mail variable is stored. */
export const normalizeTemplateVariable = (value: string) => value.trim().replace(/ {2,}/g, ' ');

const templateVariableSchema = z
  .string()
  .transform(normalizeTemplateVariable)
  .pipe(
    z
      .string()
      .max(TEMPLATE_VARIABLE_MAX_LENGTH)
      .regex(TEMPLATE_VARIABLE_PATTERN, { error: TEMPLATE_VARIABLE_CHARACTERS_MESSAGE }),
  )
  .transform((value) => value || null)
  .nullable();
/**
 * File and budget fields have no e-mail variable: null, nothing, or an empty text (what a spec client sends
 * for "none", as the text fields' empty value means none) is accepted.
 */
const noTemplateVariableSchema = z
  .union([z.null(), z.string().trim().max(0, { error: TEMPLATE_VARIABLE_TYPE_MESSAGE })], {
    error: TEMPLATE_VARIABLE_TYPE_MESSAGE,
  })
  .transform(() => null);

const optionsSchema = z
  .array(z.object({ label: z.string().trim().min(1).max(CHOICE_OPTION_MAX_LENGTH) }))
  .min(CHOICE_MIN_OPTIONS)
  .refine((options) => new Set(options.map((o) => o.label)).size === options.length, {
    error: OPTIONS_UNIQUE_MESSAGE,
  });

/** Each rule once, without defaults: PATCH uses them as they are, POST adds the defaults. */
const commonRules = {
  label: z.string().trim().min(FIELD_LABEL_MIN_LENGTH).max(QUESTION_LABEL_MAX_LENGTH),
  description: z.string().max(FIELD_DESCRIPTION_MAX_LENGTH),
  required: z.boolean(),
  order: z.number().int().min(0).max(1_000_000),
  on_forms: z.boolean(),
  on_issues: z.boolean(),
  /** The answer names who sent the item: hidden from judges when a selection hides the respondent. */
  identifying: z.boolean(),
  /** On a form: show the question only when this condition holds (PATCH only). */
  condition: bodyIdSchema.nullable(),
};
const rulesByType = {
  text: {
    template_variable_email: templateVariableSchema,
    response_max_length: z.number().int().min(TEXT_MAX_LENGTH_MIN).max(TEXT_MAX_LENGTH_MAX),
    format: z.enum(TEXT_FORMATS).nullable(),
    /** Only with the number format; the server stores null otherwise. */
    number_min: z.number().finite().nullable(),
    number_max: z.number().finite().nullable(),
  },
  choice: {
    template_variable_email: templateVariableSchema,
    multiple: z.boolean(),
    radio: z.boolean(),
    options: optionsSchema,
  },
  file: {
    template_variable_email: noTemplateVariableSchema,
    mime_types: z
      .array(z.enum(FILE_MIME_TYPES))
      .min(1)
      .transform((types) => [...new Set(types)]),
    max_size_bytes: z.number().int().min(1).max(FILE_MAX_SIZE_CAP_BYTES),
  },
  custom: {
    template_variable_email: noTemplateVariableSchema,
    type: z.enum(CUSTOM_FIELD_TYPES),
    /** A budget's currency and preset lines (budget.ts). */
    json_config: budgetConfigSchema,
  },
};

const createCommon = {
  label: commonRules.label,
  description: commonRules.description.default(''),
  required: commonRules.required.default(false),
  /** Absent: after the last field. */
  order: commonRules.order.optional(),
  on_forms: commonRules.on_forms.default(true),
  on_issues: commonRules.on_issues.default(true),
  identifying: commonRules.identifying.default(false),
};

/** An absent or unknown `resourcetype`, in the words of the other validation messages. */
const resourcetypeError = (issue: { input?: unknown }) => {
  const value = (issue.input as { resourcetype?: unknown } | undefined)?.resourcetype;
  return value === undefined || value === null
    ? 'This field is required.'
    : `"${String(value)}" is not a valid choice.`;
};

export const datumFieldCreateSchema = z.discriminatedUnion(
  'resourcetype',
  [
    z.object({
      ...createCommon,
      resourcetype: z.literal('text'),
      template_variable_email: rulesByType.text.template_variable_email.default(null),
      response_max_length: rulesByType.text.response_max_length.default(TEXT_MAX_LENGTH_DEFAULT),
      format: rulesByType.text.format.default(null),
      number_min: rulesByType.text.number_min.default(null),
      number_max: rulesByType.text.number_max.default(null),
    }),
    z.object({
      ...createCommon,
      resourcetype: z.literal('choice'),
      template_variable_email: rulesByType.choice.template_variable_email.default(null),
      multiple: rulesByType.choice.multiple.default(false),
      radio: rulesByType.choice.radio.default(false),
      options: rulesByType.choice.options,
    }),
    z.object({
      ...createCommon,
      resourcetype: z.literal('file'),
      template_variable_email: noTemplateVariableSchema.optional(),
      mime_types: rulesByType.file.mime_types.default(NEW_FILE_FIELD_MIME_TYPES),
      max_size_bytes: rulesByType.file.max_size_bytes.default(FILE_MAX_SIZE_DEFAULT_BYTES),
    }),
    z.object({
      ...createCommon,
      resourcetype: z.literal('custom'),
      template_variable_email: noTemplateVariableSchema.optional(),
      type: rulesByType.custom.type,
      json_config: rulesByType.custom.json_config.default({}),
    }),
  ],
  { error: resourcetypeError },
);
export type DatumFieldCreate = z.input<typeof datumFieldCreateSchema>;
export type DatumFieldCreateParsed = z.output<typeof datumFieldCreateSchema>;

/** PATCH rules per field type; the type itself never changes, so `resourcetype` may only repeat it. */
export const datumFieldPatchSchemas = {
  text: z.object({ ...commonRules, ...rulesByType.text }).partial(),
  choice: z.object({ ...commonRules, ...rulesByType.choice }).partial(),
  file: z.object({ ...commonRules, ...rulesByType.file }).partial(),
  custom: z.object({ ...commonRules, ...rulesByType.custom }).partial(),
} satisfies Record<DatumFieldType, z.ZodType>;
export type DatumFieldPatch = z.output<(typeof datumFieldPatchSchemas)[DatumFieldType]>;
/** The route's body: read by the schema of the field's stored type in the service. */
export const datumFieldPatchBodySchema = z.looseObject({ resourcetype: z.string().optional() });
export type DatumFieldPatchInput = Partial<z.input<(typeof datumFieldPatchSchemas)[DatumFieldType]>> & {
  resourcetype?: DatumFieldType;
};

const fieldReplyCommon = {
  id: z.number().int(),
  data_model: z.number().int(),
  label: z.string(),
  description: z.string(),
  required: z.boolean(),
  order: z.number().int(),
  on_forms: z.boolean(),
  on_issues: z.boolean(),
  identifying: z.boolean(),
  template_variable_email: z.string().nullable(),
  condition: z.number().int().nullable(),
};
export const datumFieldSchema = z.discriminatedUnion('resourcetype', [
  z.object({
    ...fieldReplyCommon,
    resourcetype: z.literal('text'),
    response_max_length: z.number().int(),
    format: z.enum(TEXT_FORMATS).nullable(),
    number_min: z.number().nullable(),
    number_max: z.number().nullable(),
  }),
  z.object({
    ...fieldReplyCommon,
    resourcetype: z.literal('choice'),
    multiple: z.boolean(),
    radio: z.boolean(),
    options: z.array(z.object({ label: z.string() })),
  }),
  z.object({
    ...fieldReplyCommon,
    resourcetype: z.literal('file'),
    mime_types: z.array(z.string()),
    max_size_bytes: z.number().int(),
  }),
  z.object({
    ...fieldReplyCommon,
    resourcetype: z.literal('custom'),
    type: z.string(),
    json_config: z.record(z.string(), z.unknown()),
  }),
]);
export type DatumField = z.infer<typeof datumFieldSchema>;

/** A text field's format and, for numbers, its bounds. */
export type TextFormatRules = Pick<
  Extract<DatumField, { resourcetype: 'text' }>,
  'format' | 'number_min' | 'number_max'
>;

const NUMBER_PATTERN = /^[-+]?\d+([.,]\d+)?$/;
const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;
const emailFormat = z.email();

/** A calendar date written YYYY-MM-DD (what a date input gives), 2025-02-30 refused. */
function isIsoDate(value: string) {
  const parts = DATE_PATTERN.exec(value);
  if (!parts) return false;
  const [year, month, day] = parts.slice(1).map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

function isWebAddress(value: string) {
  if (!URL.canParse(value)) return false;
  const url = new URL(value);
  return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname.includes('.');
}

/**
 * The one check of a text answer against its field's format, run by the server on every save and by
 * the pages before sending: null when the answer fits (an empty answer always does: being required is
 * another rule), else the problem's code. Numbers take a point or a comma as decimal mark.
 */
export function textFormatProblem(rules: TextFormatRules, value: string): TextFormatProblem | null {
  const text = value.trim();
  if (!text || rules.format === null) return null;
  switch (rules.format) {
    case 'email':
      return emailFormat.safeParse(text).success ? null : 'email';
    case 'date':
      return isIsoDate(text) ? null : 'date';
    case 'url':
      return isWebAddress(text) ? null : 'url';
    case 'number': {
      if (!NUMBER_PATTERN.test(text)) return 'number';
      const number = Number(text.replace(',', '.'));
      if (rules.number_min !== null && number < rules.number_min) return 'min';
      if (rules.number_max !== null && number > rules.number_max) return 'max';
      return null;
    }
  }
}

const linkedObjectSchema = z.object({ id: z.number().int(), title: z.string() });

export const itemTypeSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  /** The title, else the linked form's or selection's title. */
  label: z.string(),
  team: z.number().int(),
  form: linkedObjectSchema.nullable(),
  issues: z.array(linkedObjectSchema),
  datum_fields: z.array(datumFieldSchema),
  nb_datasets: z.number().int(),
  create_time: z.string(),
  update_time: z.string(),
});
export type ItemType = z.infer<typeof itemTypeSchema>;

export const ITEM_TYPE_ORDERING = ['title', 'create_time', 'update_time'] as const;

export const itemTypeListQuerySchema = pageQuerySchema.extend({
  team: idSchema,
  form__isnull: queryBoolean.optional(),
  issues__isnull: queryBoolean.optional(),
});
export type ItemTypeListQuery = z.input<typeof itemTypeListQuerySchema>;

const itemTypeTitleSchema = z.string().trim().min(1).max(ITEM_TYPE_TITLE_MAX_LENGTH);
export const itemTypeCreateSchema = z.object({
  team: bodyIdSchema,
  title: itemTypeTitleSchema,
});
export type ItemTypeCreate = z.input<typeof itemTypeCreateSchema>;
export const itemTypePatchSchema = z.object({ title: itemTypeTitleSchema }).strict();
export type ItemTypePatch = z.input<typeof itemTypePatchSchema>;

/** Pairs of [field id, order]. */
export const fieldsOrderSchema = z.array(z.tuple([z.number().int(), z.number().int()]));
export type FieldsOrder = z.infer<typeof fieldsOrderSchema>;
export const reorderSchema = z.object({
  new_orders: z
    .array(z.tuple([bodyIdSchema, commonRules.order]))
    .min(1)
    .max(MAX_FIELDS_PER_ITEM_TYPE),
});
export type Reorder = z.input<typeof reorderSchema>;

export const datumFieldParamsSchema = z.object({ id: idSchema, fieldId: idSchema });

/** The HAS_DATASETS refusal also says how many items use the type. */
export const hasDatasetsErrorSchema = z.object({
  code: z.literal('HAS_DATASETS'),
  detail: z.string(),
  nb_datasets: z.number().int(),
});
