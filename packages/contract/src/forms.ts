import { z } from 'zod';
import {
  bodyIdSchema,
  ID_MAX,
  idListQuerySchema,
  idSchema,
  LANGUAGES,
  pageQuerySchema,
  teamPageQuerySchema,
} from './common.ts';
import { type DatumField, itemTypeSchema } from './item-types.ts';
import { TEXTAREA_THRESHOLD } from './submissions.ts';
import { tagSchema } from './tags.ts';

// Intake forms, admin side: spec items-forms-email §3, §5, §7, §9.

export const FORM_TITLE_MAX_LENGTH = 200;
export const FORM_DESCRIPTION_MAX_LENGTH = 5000;
export const AFTER_SUBMIT_MESSAGE_MAX_LENGTH = 2000;
export const RESPONDENT_EMAIL_SUBJECT_MAX_LENGTH = 250;
/** Not in the spec: a ceiling on the respondent e-mail's body. */
export const RESPONDENT_EMAIL_CONTENT_MAX_LENGTH = 20_000;
/** In the respondent e-mail's body, this marker turns on the recap of the answers. */
export const SUMMARY_MARKER = '[summary]';
/**
 * In the respondent e-mail's body, the link that reopens the response while the form lets it be
 * changed (empty when it may not). Only this name is read, with or without spaces inside the braces.
 */
export const EDIT_LINK_VARIABLE = '{{ edit_link }}';
export const EDIT_LINK_PATTERN = /\{\{\s*edit_link\s*\}\}/g;
export const FORM_SECTION_TEXT_MAX_LENGTH = 400;
export const FORM_SECTION_BODY_MAX_LENGTH = 2000;
export const CONDITION_VALUE_MAX_LENGTH = 300;
export const PAGE_HEADER_TITLE_MAX_LENGTH = 150;
/** The spec names no maximum for a page header; this one keeps a banner a banner. */
export const PAGE_HEADER_HTML_MAX_LENGTH = 20_000;
export const FORMS_PAGE_SIZE = 10;
/** title_field 0: the respondent's e-mail titles each submission. */
export const TITLE_FIELD_EMAIL = 0;

/** A question answered on one line with no format (a name, a project's title): the best title of a response. */
export const isShortTextQuestion = (field: DatumField) =>
  field.resourcetype === 'text' &&
  field.on_forms &&
  field.format === null &&
  field.response_max_length <= TEXTAREA_THRESHOLD;

/**
 * A question that asks for a person's name ("Founder name", "Your first name", "Nom du porteur"): a fair
 * title while nothing better exists, not once a question names the project (decision 190).
 */
const PERSON_NAME =
  /\b(founders?|first|last|full|given|family|sur|your|contact|applicant|person|candidate)(?:['’]s)?[\s-]*name|\b(prénom|nom de famille|votre nom|fondat\w*|porteu\w*|candidat\w*|contact)\b/iu;

export const isPersonNameQuestion = (field: Pick<DatumField, 'label'>) => PERSON_NAME.test(field.label);

/**
 * The question a form takes as its responses' title when `added` joins its questions (`fields`, `added`
 * among them): while the e-mail titles the responses, the form's first short text question; while a
 * question asking for a person's name does, the first short one that does not. Null leaves the title as
 * it is: an admin who picked another question, or the e-mail once a short question existed, keeps it.
 */
export function proposedTitleField(titleField: number, fields: DatumField[], added: DatumField) {
  if (!isShortTextQuestion(added)) return null;
  const isFirstOf = (kind: (field: DatumField) => boolean) =>
    fields.every((field) => field.id === added.id || !kind(field));
  if (titleField === TITLE_FIELD_EMAIL) return isFirstOf(isShortTextQuestion) ? added.id : null;
  const current = fields.find((field) => field.id === titleField);
  if (!current || !isPersonNameQuestion(current) || isPersonNameQuestion(added)) return null;
  return isFirstOf((field) => isShortTextQuestion(field) && !isPersonNameQuestion(field)) ? added.id : null;
}

export const CONDITION_COMPARISONS = ['equals'] as const;
export const NOTIFICATION_TYPES = ['new_form_submissions', 'new_selection_submissions'] as const;
export const NOTIFICATION_FREQUENCIES = ['immediate', 'daily'] as const;
export type NotificationFrequency = (typeof NOTIFICATION_FREQUENCIES)[number];
export const THEME_DESTINATIONS = ['form'] as const;

export const RESPONDENT_EMAIL_REQUIRED_MESSAGE =
  'When the respondent e-mail is active, its subject and body are required.';
export const CONDITION_ON_ITSELF_MESSAGE = 'A question cannot depend on its own answer.';

/** Django's words for an id that names nothing the caller may use. */
export const invalidPkMessage = (id: unknown) => `Invalid pk "${String(id)}" - object does not exist.`;

export const respondentEmailTemplateSchema = z.object({
  subject: z.string().max(RESPONDENT_EMAIL_SUBJECT_MAX_LENGTH),
  content: z.string().max(RESPONDENT_EMAIL_CONTENT_MAX_LENGTH),
  html_content: z.string().max(RESPONDENT_EMAIL_CONTENT_MAX_LENGTH),
});
export type RespondentEmailTemplate = z.infer<typeof respondentEmailTemplateSchema>;

/**
 * A section title of a form. `position` is the 0-based index, in the form's questions ordered as
 * `data_model.datum_fields`, of the question it stands above; the number of questions puts it last.
 */
export const formSectionSchema = z.object({
  id: z.number().int(),
  form: z.number().int(),
  text: z.string(),
  body: z.string(),
  position: z.number().int(),
  linked_to_df: z.number().int().nullable(),
});
export type FormSection = z.infer<typeof formSectionSchema>;

/**
 * "Show when <datum_field> equals <value>": a question whose `condition` names this one is shown
 * only when the answer to `datum_field` is `value` (for a multiple choice, when it is among the answers).
 */
export const conditionSchema = z.object({
  id: z.number().int(),
  datum_field: z.number().int(),
  form: z.number().int(),
  comparison: z.enum(CONDITION_COMPARISONS),
  value: z.string(),
});
export type Condition = z.infer<typeof conditionSchema>;

const formCommon = {
  id: z.number().int(),
  create_time: z.string(),
  update_time: z.string(),
  title: z.string(),
  published: z.boolean(),
  allow_partial_save: z.boolean(),
  language_code: z.enum(LANGUAGES),
  data_model_id: z.number().int(),
  team: z.number().int(),
  tags: z.array(tagSchema),
};

/** A form in the list. */
export const intakeFormSummarySchema = z.object(formCommon);
export type IntakeFormSummary = z.infer<typeof intakeFormSummarySchema>;

/** The admin's full view of one form. */
export const intakeFormSchema = z.object({
  ...formCommon,
  description: z.string(),
  title_field: z.number().int(),
  page_header: z.number().int().nullable(),
  css_theme: z.number().int().nullable(),
  after_submit_message: z.string(),
  /** Until then, a respondent may change a submitted response through its edit link; null: never. */
  edit_until: z.string().nullable(),
  respondent_email_active: z.boolean(),
  respondent_email_include_recap: z.boolean(),
  respondent_email_template: respondentEmailTemplateSchema,
  data_model: itemTypeSchema,
  titles: z.array(formSectionSchema),
  datum_field_conditions: z.array(conditionSchema),
});
export type IntakeForm = z.infer<typeof intakeFormSchema>;

export const intakeFormListQuerySchema = pageQuerySchema.extend({
  data_model__team: idSchema,
  /** Comma-separated tag ids; a form matches when it carries any of them. Non-numeric ids are dropped. */
  tags: idListQuerySchema.optional().transform((ids) => ids ?? []),
});
export type IntakeFormListQuery = z.input<typeof intakeFormListQuerySchema>;

const formRules = {
  title: z.string().trim().min(1).max(FORM_TITLE_MAX_LENGTH),
  description: z.string().max(FORM_DESCRIPTION_MAX_LENGTH),
  published: z.boolean(),
  allow_partial_save: z.boolean(),
  page_header: bodyIdSchema.nullable(),
  language_code: z.enum(LANGUAGES),
  css_theme: bodyIdSchema.nullable(),
};

export const intakeFormCreateSchema = z.object({
  team: bodyIdSchema,
  title: formRules.title,
  description: formRules.description.default(''),
  published: formRules.published.default(false),
  allow_partial_save: formRules.allow_partial_save.default(false),
  page_header: formRules.page_header.default(null),
  language_code: formRules.language_code.default('en'),
  css_theme: formRules.css_theme.default(null),
  /** Not in the spec: an item type of the team whose questions the form starts with (decision 192). */
  data_model: bodyIdSchema.nullable().default(null),
});
export type IntakeFormCreate = z.input<typeof intakeFormCreateSchema>;

export const intakeFormPatchSchema = z
  .object({
    ...formRules,
    title_field: z.number().int().min(0).max(ID_MAX),
    after_submit_message: z.string().max(AFTER_SUBMIT_MESSAGE_MAX_LENGTH),
    edit_until: z.iso.datetime({ offset: true }).nullable(),
    respondent_email_active: z.boolean(),
    respondent_email_include_recap: z.boolean(),
    respondent_email_template: respondentEmailTemplateSchema,
    tags: z.array(bodyIdSchema).max(100),
  })
  .partial()
  .strict();
export type IntakeFormPatch = z.input<typeof intakeFormPatchSchema>;

export const formSectionCreateSchema = z.object({
  form: bodyIdSchema,
  text: z.string().trim().min(1).max(FORM_SECTION_TEXT_MAX_LENGTH),
  body: z.string().max(FORM_SECTION_BODY_MAX_LENGTH).default(''),
  position: z.number().int().min(0).max(1_000_000),
  linked_to_df: bodyIdSchema.nullable().default(null),
});
export type FormSectionCreate = z.input<typeof formSectionCreateSchema>;
export const formSectionPatchSchema = formSectionCreateSchema
  .omit({ form: true })
  .extend({ body: z.string().max(FORM_SECTION_BODY_MAX_LENGTH), linked_to_df: bodyIdSchema.nullable() })
  .partial()
  .strict();
export type FormSectionPatch = z.input<typeof formSectionPatchSchema>;

export const conditionCreateSchema = z.object({
  form: bodyIdSchema,
  comparison: z.enum(CONDITION_COMPARISONS).default('equals'),
  value: z.string().trim().min(1).max(CONDITION_VALUE_MAX_LENGTH),
});
export type ConditionCreate = z.input<typeof conditionCreateSchema>;
export const conditionParamsSchema = z.object({ id: idSchema, fieldId: idSchema });
export const conditionItemParamsSchema = conditionParamsSchema.extend({ conditionId: idSchema });
/** ALREADY_EXISTS on a condition also names the equivalent one, so that the client can use it. */
export const conditionExistsErrorSchema = z.object({
  code: z.literal('ALREADY_EXISTS'),
  detail: z.string(),
  id: z.number().int(),
});

export const pageHeaderSchema = z.object({
  id: z.number().int(),
  team: z.number().int(),
  title: z.string(),
  html: z.string(),
});
export type PageHeader = z.infer<typeof pageHeaderSchema>;
const pageHeaderRules = {
  title: z.string().trim().min(1).max(PAGE_HEADER_TITLE_MAX_LENGTH),
  html: z.string().max(PAGE_HEADER_HTML_MAX_LENGTH),
};
export const pageHeaderCreateSchema = z.object({ team: bodyIdSchema, ...pageHeaderRules });
export type PageHeaderCreate = z.input<typeof pageHeaderCreateSchema>;
export const pageHeaderPatchSchema = z.object(pageHeaderRules).partial().strict();
export type PageHeaderPatch = z.input<typeof pageHeaderPatchSchema>;

export const cssThemeSchema = z.object({
  id: z.number().int(),
  team: z.number().int().nullable(),
  name: z.string(),
  /** The stylesheet's address, from the site's root. */
  path: z.string(),
  destination: z.enum(THEME_DESTINATIONS),
});
export type CssTheme = z.infer<typeof cssThemeSchema>;

export const pageHeaderListQuerySchema = teamPageQuerySchema;
export const cssThemeListQuerySchema = pageHeaderListQuerySchema.extend({
  destination: z.enum(THEME_DESTINATIONS).optional(),
});

export const notificationSettingSchema = z.object({
  id: z.number().int(),
  active: z.boolean(),
  frequency: z.enum(NOTIFICATION_FREQUENCIES),
  type: z.enum(NOTIFICATION_TYPES),
  form: z.number().int().nullable(),
  issue: z.number().int().nullable(),
});
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
export const notificationSettingListQuerySchema = pageQuerySchema.extend({
  form: idSchema.optional(),
  issue: idSchema.optional(),
});
export const notificationSettingCreateSchema = z.object({
  form: bodyIdSchema.nullable().default(null),
  issue: bodyIdSchema.nullable().default(null),
  type: z.enum(NOTIFICATION_TYPES),
  frequency: z.enum(NOTIFICATION_FREQUENCIES).default('immediate'),
  active: z.boolean().default(true),
});
export type NotificationSettingCreate = z.input<typeof notificationSettingCreateSchema>;
export const notificationSettingPatchSchema = z
  .object({ active: z.boolean(), frequency: z.enum(NOTIFICATION_FREQUENCIES) })
  .partial()
  .strict();
export type NotificationSettingPatch = z.input<typeof notificationSettingPatchSchema>;
