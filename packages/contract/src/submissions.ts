import { z } from 'zod';
import { emailSchema } from './auth.ts';
import { bodyIdSchema, idSchema, LANGUAGES } from './common.ts';
import { datumFieldSchema } from './item-types.ts';
import { datumValueResourcetypeSchema } from './items.ts';
import { VERIFICATION_PARAM, verificationCodeSchema } from './verification.ts';

// The public form page and its submission protocol: spec items-forms-email §2, §4, §5, §7, §8.

/** The hidden field a person never fills; a bot that fills it is refused like a bad captcha. */
export const HONEYPOT_FIELD = 'website';
/** The edit token's length in characters (32 random bytes, base64url). */
export const FORM_SUBMISSION_TOKEN_LENGTH = 43;
/** Not in the spec: a text answer longer than this is typed in a textarea rather than a line. */
export const TEXTAREA_THRESHOLD = 200;
export const FORM_SUBMISSION_ACTIONS = ['save', 'submit', 'cancel'] as const;
export type FormSubmissionAction = (typeof FORM_SUBMISSION_ACTIONS)[number];

export const ALREADY_SUBMITTED = 'ALREADY_SUBMITTED';
export const ALREADY_SUBMITTED_MESSAGE = 'You have already submitted your responses with this link';
/** A change to a response whose applicant was told it is declined (decision 187). */
export const RESPONSE_DECLINED = 'RESPONSE_DECLINED';
export const RESPONSE_DECLINED_MESSAGE =
  'This application was declined: its responses can no longer be changed.';
export const CAPTCHA_INVALID_MESSAGE = 'The captcha is invalid or has expired. Please solve it again.';
/** A submission to an unpublished form, and a stranger's reading of it (404). */
export const NOT_PUBLISHED = 'NOT_PUBLISHED';
export const FORM_NOT_PUBLISHED_MESSAGE = 'This form is not published.';
export const PARTIAL_SAVE_NOT_ALLOWED_MESSAGE = 'This form cannot be saved partway.';
export const FIELD_REQUIRED_MESSAGE = 'This field is required.';
export const FILE_TYPE_REFUSED_MESSAGE = 'This type of file is not accepted.';
/** A wrong submission id or edit token (404). */
export const INVALID_EDIT_LINK = 'INVALID_EDIT_LINK';
export const FORM_SUBMISSION_LINK_INVALID_MESSAGE = 'This link is invalid.';

/** The edit link's address, from the site's root. */
export const submissionEditPath = (formId: number, submissionId: number, token: string) =>
  `/forms/${formId}?token=${encodeURIComponent(token)}&submission=${submissionId}`;

const conditionRule = z.object({ datum_field: z.number().int(), value: z.string() });

/** The admin's settings of a field that respondents do not need. */
const ADMIN_ONLY = {
  data_model: true,
  order: true,
  on_forms: true,
  on_issues: true,
  identifying: true,
  template_variable_email: true,
} as const;
/** Show the question only when the answer to `datum_field` equals `value`. */
const questionCondition = { condition: conditionRule.nullable() };
// Named one by one, not destructured: the web build leaves unused values out (decision 56), which a
// destructuring, that runs an iterator, would prevent.
const textField = datumFieldSchema.options[0];
const choiceField = datumFieldSchema.options[1];
const fileField = datumFieldSchema.options[2];
const customField = datumFieldSchema.options[3];

/** A question as the public page renders it: a form field without its admin settings, with its condition. */
export const publicQuestionSchema = z.discriminatedUnion('resourcetype', [
  textField.omit(ADMIN_ONLY).extend(questionCondition),
  choiceField.omit(ADMIN_ONLY).extend(questionCondition),
  fileField.omit(ADMIN_ONLY).extend(questionCondition),
  customField.omit(ADMIN_ONLY).extend(questionCondition),
]);
export type PublicQuestion = z.infer<typeof publicQuestionSchema>;

/** A section title shown above the question at `position` (0-based among the form's questions). */
export const publicSectionSchema = z.object({
  id: z.number().int(),
  text: z.string(),
  body: z.string(),
  position: z.number().int(),
  linked_to_df: z.number().int().nullable(),
});
export type PublicSection = z.infer<typeof publicSectionSchema>;

/** A saved answer given back to the page that edits a draft. */
export const savedAnswerSchema = z.object({
  datum_field: z.number().int(),
  resourcetype: datumValueResourcetypeSchema,
  response: z.string().nullable(),
  json_response: z.record(z.string(), z.unknown()).nullable(),
  /** The stored file's name, or null. */
  file: z.string().nullable(),
});
export type SavedAnswer = z.infer<typeof savedAnswerSchema>;

export const publicFormSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  published: z.boolean(),
  language_code: z.enum(LANGUAGES),
  allow_partial_save: z.boolean(),
  after_submit_message: z.string(),
  /** Sanitized HTML of the page header, or null. */
  page_header: z.string().nullable(),
  /** The theme's stylesheet, from the site's root, or null. */
  css_theme: z.string().nullable(),
  /** While in the future: a submitted response stays editable through its edit link until then. */
  edit_until: z.string().nullable(),
  questions: z.array(publicQuestionSchema),
  titles: z.array(publicSectionSchema),
  /** With `?submission=&token=`: the draft (or the submitted response, while editable) being edited. */
  submission: z
    .object({
      id: z.number().int(),
      email: z.string(),
      is_submitted: z.boolean(),
      datum_values: z.array(savedAnswerSchema),
    })
    .nullable(),
});
export type PublicForm = z.infer<typeof publicFormSchema>;

const tokenSchema = z.string().min(1).max(100);

export const publicFormQuerySchema = z.object({
  submission: idSchema.optional(),
  token: tokenSchema.optional(),
  /** The e-mailed edit link's verification code (contract/verification.ts). */
  [VERIFICATION_PARAM]: verificationCodeSchema.optional(),
});
export type PublicFormQuery = z.input<typeof publicFormQuerySchema>;

/** The file announced with its answer; its content is checked when it is uploaded. */
export const declaredFileSchema = z.object({
  name: z.string().min(1).max(255),
  size: z.number().int().min(0),
  type: z.string().max(100),
});
export type DeclaredFile = z.infer<typeof declaredFileSchema>;

export const formAnswerSchema = z.object({
  datum_field: bodyIdSchema,
  response: z.string().nullable().optional(),
  json_response: z.record(z.string(), z.unknown()).nullable().optional(),
  file: declaredFileSchema.nullable().optional(),
});
export type FormAnswer = z.infer<typeof formAnswerSchema>;

export const formSubmissionCreateSchema = z.object({
  form: bodyIdSchema,
  email: emailSchema,
  captcha: z.string().max(10_000),
  datum_values: z.array(formAnswerSchema).max(200),
  /** With `submission`: the edit token of the draft to update. */
  token: tokenSchema.optional(),
  submission: bodyIdSchema.optional(),
  /** The language the respondent reads the page in, for every mail to them; the form's when not sent. */
  language: z.enum(LANGUAGES).optional(),
  [HONEYPOT_FIELD]: z.string().max(1000).optional(),
});
export type FormSubmissionCreate = z.input<typeof formSubmissionCreateSchema>;

export const fileUploadGrantSchema = z.object({
  datum_field: z.number().int(),
  datum_value: z.number().int(),
  /** Sent with the file to `form-submissions/{id}/upload/` as `key`. */
  file_key: z.string(),
});
export type FileUploadGrant = z.infer<typeof fileUploadGrantSchema>;

export const formSubmissionSchema = z.object({
  submission_id: z.number().int(),
  /** The item (dataset) holding the answers. */
  id: z.number().int(),
  email: z.string(),
  create_time: z.string(),
  is_submitted: z.boolean(),
  edit_token: z.string(),
  /** From the site's root; it opens the draft once saved. */
  edit_link: z.string(),
  file_uploads_grants: z.array(fileUploadGrantSchema),
});
export type FormSubmission = z.infer<typeof formSubmissionSchema>;

export const formSubmissionCommitSchema = z.object({
  token: tokenSchema,
  action: z.enum(FORM_SUBMISSION_ACTIONS),
});
export type FormSubmissionCommit = z.input<typeof formSubmissionCommitSchema>;

export const formSubmissionCommitReplySchema = z.object({
  submission_id: z.number().int(),
  status: z.enum(['draft', 'submitted', 'cancelled']),
  is_submitted: z.boolean(),
  /** After a save, or a submit while responses stay editable: the address that reopens it. */
  edit_link: z.string().nullable(),
  /** After a submit: until when the edit link may change the response; null when it may not. */
  edit_until: z.string().nullable(),
});
export type FormSubmissionCommitReply = z.infer<typeof formSubmissionCommitReplySchema>;

export const formUploadReplySchema = z.object({
  datum_field: z.number().int(),
  filename: z.string(),
  file_size: z.number().int(),
  mime_type: z.string(),
});
export type FormUploadReply = z.infer<typeof formUploadReplySchema>;
