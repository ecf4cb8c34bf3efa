import type { TeamPackage } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import {
  type AnyPgColumn,
  bigint,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  numeric,
  pgTable,
  primaryKey,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { rounded, sqrtOfVariance } from './report-figures.ts';

const createTime = () => timestamp('create_time', { withTimezone: true }).notNull().defaultNow();
const updateTime = () =>
  timestamp('update_time', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date());

export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    /** An e-mail for accounts created by invitation, so as long as one. */
    username: varchar('username', { length: 250 }).notNull(),
    email: varchar('email', { length: 250 }).notNull(),
    /** Null until the user sets a password (invited accounts). */
    passwordHash: text('password_hash'),
    firstName: varchar('first_name', { length: 150 }).notNull().default(''),
    lastName: varchar('last_name', { length: 150 }).notNull().default(''),
    isActive: boolean('is_active').notNull().default(true),
    isStaff: boolean('is_staff').notNull().default(false),
    isSuperuser: boolean('is_superuser').notNull().default(false),
    language: varchar('language', { length: 2 }).notNull().default('en'),
    selfInvite: boolean('self_invite').notNull().default(false),
    /**
     * A judge's identity for one address (decision 42): never a password, never found by sign-in or reset,
     * so a judge's link or a typed address is never bound to an account.
     */
    isJudgeOnly: boolean('is_judge_only').notNull().default(false),
    emailVerificationStatus: varchar('email_verification_status', { length: 3 }).notNull().default('unc'),
    emailToVerify: varchar('email_to_verify', { length: 250 }),
    /**
     * Carried by each access token as `ver`: a password change or a sign-out adds one, and every access
     * token signed before stops working at its next request, on every process (read with the user).
     */
    tokenVersion: integer('token_version').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    // An address has at most one account and at most one judge identity.
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`).where(sql`not ${t.isJudgeOnly}`),
    uniqueIndex('users_judge_email_lower').on(sql`lower(${t.email})`).where(sql`${t.isJudgeOnly}`),
    // The members list by e-mail: a team's page of 10,000 read in the users' order, not sorted.
    index('users_email').on(t.email),
  ],
);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 150 }).notNull(),
  description: text('description').notNull().default(''),
  teamImage: text('team_image'),
  customHeader: text('custom_header'),
  package: jsonb('package').$type<TeamPackage>().notNull(),
  /** Members sign in only through an identity provider (OIDC), not with a password (decision 82). */
  ssoOnly: boolean('sso_only').notNull().default(false),
  createTime: createTime(),
});

export const teamMembers = pgTable(
  'team_members',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    pseudo: varchar('pseudo', { length: 150 }).notNull().default(''),
    role: varchar('role', { length: 20 }).notNull().default('admin'),
    status: varchar('status', { length: 10 }).notNull().default('accepted'),
    selfInvite: boolean('self_invite').notNull().default(false),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('team_members_team_user').on(t.teamId, t.userId),
    index('team_members_user').on(t.userId),
    // The members list's default order: a page of a team of 10,000 read in order, not sorted.
    index('team_members_team_pseudo').on(t.teamId, t.pseudo, t.id),
  ],
);

/** One row per issued refresh token; a token is good once, and reuse revokes its whole family. */
export const refreshTokens = pgTable(
  'refresh_tokens',
  {
    jti: varchar('jti', { length: 64 }).primaryKey(),
    family: varchar('family', { length: 64 }).notNull(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    usedAt: timestamp('used_at', { withTimezone: true }),
    /** The jti issued when this one was spent: a replay within the grace gets that same pair back. */
    replacedBy: varchar('replaced_by', { length: 64 }),
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family').on(t.family)],
);

/**
 * One-time codes that hand an OIDC sign-in to the web app (decision 82): the callback stores a hash,
 * the app exchanges the code once for a token pair within a minute. Only hashes, like reset tokens.
 */
export const ssoSignInCodes = pgTable('sso_sign_in_codes', {
  codeHash: varchar('code_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  provider: varchar('provider', { length: 20 }).notNull(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/** Only a hash of each reset token is stored, so a leaked table opens no account. */
export const passwordResetTokens = pgTable('password_reset_tokens', {
  tokenHash: varchar('token_hash', { length: 64 }).primaryKey(),
  userId: integer('user_id')
    .notNull()
    .references(() => users.id, { onDelete: 'cascade' }),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  usedAt: timestamp('used_at', { withTimezone: true }),
});

export const outboxMessages = pgTable('outbox_messages', {
  id: serial('id').primaryKey(),
  to: text('to').notNull(),
  subject: text('subject').notNull(),
  text: text('text').notNull(),
  html: text('html'),
  createTime: createTime(),
});

export const contactMessages = pgTable('contact_messages', {
  id: serial('id').primaryKey(),
  userId: integer('user_id').references(() => users.id, { onDelete: 'set null' }),
  message: varchar('message', { length: 300 }).notNull(),
  createTime: createTime(),
});

/** Item types ("data models"): the shape of a kind of item, a list of fields. */
export const dataModels = pgTable(
  'data_models',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 200 }).notNull().default(''),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [index('data_models_team').on(t.teamId)],
);

/** Fields of an item type ("datum fields"), also the questions of a form. */
export const datumFields = pgTable(
  'datum_fields',
  {
    id: serial('id').primaryKey(),
    dataModelId: integer('data_model_id')
      .notNull()
      .references(() => dataModels.id, { onDelete: 'cascade' }),
    /** text, choice, file or custom; never changes after creation. */
    resourcetype: varchar('resourcetype', { length: 10 }).notNull(),
    label: varchar('label', { length: 400 }).notNull(),
    description: text('description').notNull().default(''),
    required: boolean('required').notNull().default(false),
    order: integer('order').notNull().default(0),
    onForms: boolean('on_forms').notNull().default(true),
    onIssues: boolean('on_issues').notNull().default(true),
    templateVariableEmail: varchar('template_variable_email', { length: 30 }),
    /** text */
    responseMaxLength: integer('response_max_length'),
    /** text: email, number, date or url (contract TEXT_FORMATS); null accepts any text. */
    textFormat: varchar('text_format', { length: 10 }),
    /** text with the number format: its bounds, each optional. */
    numberMin: doublePrecision('number_min'),
    numberMax: doublePrecision('number_max'),
    /** choice */
    multiple: boolean('multiple').notNull().default(false),
    radio: boolean('radio').notNull().default(false),
    options: jsonb('options').$type<{ label: string }[]>(),
    /** file */
    mimeTypes: jsonb('mime_types').$type<string[]>(),
    maxSizeBytes: integer('max_size_bytes'),
    /** custom: its type (budget) and settings */
    customType: varchar('custom_type', { length: 20 }),
    jsonConfig: jsonb('json_config').$type<Record<string, unknown>>(),
    /** On a form, the question shows only when this condition holds. */
    conditionId: integer('condition_id').references((): AnyPgColumn => datumFieldConditions.id, {
      onDelete: 'set null',
    }),
    createTime: createTime(),
  },
  (t) => [index('datum_fields_data_model').on(t.dataModelId, t.order)],
);

/** Items ("datasets"). Tags are free text labels of the item, kept as an array. */
export const datasets = pgTable(
  'datasets',
  {
    id: serial('id').primaryKey(),
    dataModelId: integer('data_model_id')
      .notNull()
      .references(() => dataModels.id, { onDelete: 'restrict' }),
    /** Copied from the item type so that team-scoped lists filter without a join. */
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 150 }).notNull(),
    description: text('description').notNull().default(''),
    tags: text('tags').array().notNull().default(sql`'{}'::text[]`),
    /**
     * Whom mass e-mail writes to about this item, set by an Excel import or the item's editor; without it,
     * its form submission's e-mail (features/emails/recipients.ts). Lower-cased, a valid address.
     */
    contactEmail: varchar('contact_email', { length: 250 }),
    /**
     * The status of the item's own review (outside any selection), or null: a copy that a trigger on
     * `reviews` keeps (migration 0030), so that the items list filters by status within its own indexes.
     */
    reviewStatusId: integer('review_status_id'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    // The list's orders with `id` as their tie-break: a page, or the rows after a cursor, read in index order.
    index('datasets_team_created').on(t.teamId, t.createTime, t.id),
    // The title order, with what a search (`lower(title) like`) and a status filter test, read from the
    // index alone: after `id`, which is unique, the last two columns change no order. The title itself is
    // there because PostgreSQL reads an expression's value from an index only when the columns it is
    // computed from are in it too.
    index('datasets_team_lower_title').on(t.teamId, sql`lower(${t.title})`, t.id, t.title, t.reviewStatusId),
    index('datasets_data_model').on(t.dataModelId, t.teamId),
    // Counting the items of one status up to the list's cap from the index alone (one item in ten or so
    // has a status: the others stay out of it).
    index('datasets_review_status')
      .on(t.reviewStatusId, t.teamId)
      .where(sql`${t.reviewStatusId} is not null`),
    // Status, tag and title search together: GIN intersects them (pg_trgm for `like '%…%'`, btree_gin for
    // the status), so a rare combination is found without reading the rows of each part.
    index('datasets_search').using('gin', t.reviewStatusId, t.tags, sql`lower(${t.title}) gin_trgm_ops`),
  ],
);

/** One answer of one item to one field ("datum value"). Files live under DATA_DIR, named by file_key. */
export const datumValues = pgTable(
  'datum_values',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    datumFieldId: integer('datum_field_id')
      .notNull()
      .references(() => datumFields.id, { onDelete: 'cascade' }),
    resourcetype: varchar('resourcetype', { length: 10 }).notNull(),
    response: text('response'),
    jsonResponse: jsonb('json_response').$type<Record<string, unknown>>(),
    fileKey: varchar('file_key', { length: 64 }),
    filename: varchar('filename', { length: 255 }),
    fileSize: integer('file_size'),
    mimeType: varchar('mime_type', { length: 100 }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('datum_values_dataset_field').on(t.datasetId, t.datumFieldId),
    index('datum_values_field').on(t.datumFieldId),
  ],
);

/** Team tags, used to sort selections, merges and forms. */
export const tags = pgTable(
  'tags',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 50 }).notNull(),
    createTime: createTime(),
  },
  (t) => [uniqueIndex('tags_team_name').on(t.teamId, sql`lower(${t.name})`)],
);

export const reviewStatuses = pgTable(
  'review_statuses',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    label: varchar('label', { length: 100 }).notNull(),
    color: varchar('color', { length: 20 }).notNull().default(''),
    bgColor: varchar('bg_color', { length: 20 }).notNull(),
    createTime: createTime(),
  },
  (t) => [index('review_statuses_team').on(t.teamId)],
);

/** An admin's verdict on an item, optionally within a selection (issue_id; the selections table comes later). */
export const reviews = pgTable(
  'reviews',
  {
    id: serial('id').primaryKey(),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id').references(() => issues.id, { onDelete: 'cascade' }),
    statusId: integer('status_id').references(() => reviewStatuses.id, { onDelete: 'set null' }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    // One review per item and selection (or per item outside any selection): later choices update it.
    uniqueIndex('reviews_dataset_issue').on(t.datasetId, sql`coalesce(${t.issueId}, 0)`),
    index('reviews_status').on(t.statusId),
    // The items of a selection with a status there: the items list starts from these (decision 83).
    index('reviews_issue_status').on(t.issueId, t.statusId, t.datasetId).where(sql`${t.issueId} is not null`),
  ],
);

export const reviewComments = pgTable(
  'review_comments',
  {
    id: serial('id').primaryKey(),
    reviewId: integer('review_id')
      .notNull()
      .references(() => reviews.id, { onDelete: 'cascade' }),
    creatorId: integer('creator_id').references(() => users.id, { onDelete: 'set null' }),
    content: text('content').notNull(),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [index('review_comments_review').on(t.reviewId)],
);

/** A small HTML banner shown above a team's public forms; sanitized on save. */
export const pageHeaders = pgTable(
  'page_headers',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 150 }).notNull(),
    html: text('html').notNull(),
    createTime: createTime(),
  },
  (t) => [index('page_headers_team').on(t.teamId)],
);

/** A stylesheet for public pages; team_id null means offered to every team. */
export const cssThemes = pgTable(
  'css_themes',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    name: varchar('name', { length: 100 }).notNull(),
    path: varchar('path', { length: 300 }).notNull(),
    destination: varchar('destination', { length: 20 }).notNull().default('form'),
  },
  (t) => [index('css_themes_team').on(t.teamId)],
);

/** Intake forms: each owns one item type whose fields are its questions; each submission is an item. */
export const intakeForms = pgTable(
  'intake_forms',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    dataModelId: integer('data_model_id')
      .notNull()
      .references(() => dataModels.id, { onDelete: 'restrict' }),
    title: varchar('title', { length: 200 }).notNull(),
    description: text('description').notNull().default(''),
    published: boolean('published').notNull().default(false),
    languageCode: varchar('language_code', { length: 2 }).notNull().default('en'),
    pageHeaderId: integer('page_header_id').references(() => pageHeaders.id, { onDelete: 'set null' }),
    cssThemeId: integer('css_theme_id').references(() => cssThemes.id, { onDelete: 'set null' }),
    allowPartialSave: boolean('allow_partial_save').notNull().default(false),
    /** The question whose answer titles each submission; 0 means the respondent's e-mail. */
    titleField: integer('title_field').notNull().default(0),
    afterSubmitMessage: text('after_submit_message').notNull().default(''),
    /** Until then a submitted response may be changed through its edit link; null: never (the spec). */
    editUntil: timestamp('edit_until', { withTimezone: true }),
    respondentEmailActive: boolean('respondent_email_active').notNull().default(false),
    respondentEmailIncludeRecap: boolean('respondent_email_include_recap').notNull().default(false),
    respondentEmailSubject: varchar('respondent_email_subject', { length: 250 }).notNull().default(''),
    respondentEmailContent: text('respondent_email_content').notNull().default(''),
    respondentEmailHtmlContent: text('respondent_email_html_content').notNull().default(''),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    index('intake_forms_team_created').on(t.teamId, t.createTime),
    uniqueIndex('intake_forms_data_model').on(t.dataModelId),
  ],
);

export const intakeFormTags = pgTable(
  'intake_form_tags',
  {
    formId: integer('form_id')
      .notNull()
      .references(() => intakeForms.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.formId, t.tagId] }), index('intake_form_tags_tag').on(t.tagId)],
);

/** Section headings of a form, placed above the question at `position`. */
export const formTitles = pgTable(
  'form_titles',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => intakeForms.id, { onDelete: 'cascade' }),
    text: varchar('text', { length: 400 }).notNull(),
    body: text('body').notNull().default(''),
    position: integer('position').notNull(),
    linkedToDfId: integer('linked_to_df_id').references(() => datumFields.id, { onDelete: 'set null' }),
  },
  (t) => [uniqueIndex('form_titles_form_position').on(t.formId, t.position)],
);

/** "Show when <datum_field> equals <value>"; questions point to it through datum_fields.condition_id. */
export const datumFieldConditions = pgTable(
  'datum_field_conditions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => intakeForms.id, { onDelete: 'cascade' }),
    datumFieldId: integer('datum_field_id')
      .notNull()
      .references(() => datumFields.id, { onDelete: 'cascade' }),
    comparison: varchar('comparison', { length: 10 }).notNull().default('equals'),
    value: varchar('value', { length: 300 }).notNull(),
  },
  (t) => [uniqueIndex('datum_field_conditions_unique').on(t.formId, t.datumFieldId, t.comparison, t.value)],
);

/**
 * A respondent's answers: the item (dataset) plus who sent it and where it stands.
 * status: pending (created, files still uploading, not yet committed), draft (saved partway), submitted.
 */
export const formSubmissions = pgTable(
  'form_submissions',
  {
    id: serial('id').primaryKey(),
    formId: integer('form_id')
      .notNull()
      .references(() => intakeForms.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    email: varchar('email', { length: 250 }).notNull(),
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    /** sha-256 of the edit token, so a leaked table opens no submission. */
    tokenHash: varchar('token_hash', { length: 64 }).notNull(),
    /** The respondent's address, as for users (features/verification). */
    emailVerificationStatus: varchar('email_verification_status', { length: 3 }).notNull().default('unc'),
    submitTime: timestamp('submit_time', { withTimezone: true }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    uniqueIndex('form_submissions_dataset').on(t.datasetId),
    index('form_submissions_form_created').on(t.formId, t.createTime),
    index('form_submissions_status_created').on(t.status, t.createTime),
  ],
);

/** Who gets told about new answers of a form or a selection, and how often. */
export const notificationSettings = pgTable(
  'notification_settings',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    type: varchar('type', { length: 40 }).notNull(),
    formId: integer('form_id').references(() => intakeForms.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id').references(() => issues.id, { onDelete: 'cascade' }),
    active: boolean('active').notNull().default(true),
    /** immediate or daily */
    frequency: varchar('frequency', { length: 10 }).notNull().default('immediate'),
    /** Everything created before this instant has been notified. */
    notifiedUntil: timestamp('notified_until', { withTimezone: true }).notNull().defaultNow(),
    createTime: createTime(),
  },
  (t) => [
    index('notification_settings_form').on(t.formId),
    index('notification_settings_issue').on(t.issueId),
  ],
);

/**
 * Every e-mail sent in the background: mail that a request caused (a failing SMTP server never fails
 * or loses that request) and mass e-mail. Each row is claimed for one send only (see mail/queue.ts).
 */
export const mailQueue = pgTable(
  'mail_queue',
  {
    id: serial('id').primaryKey(),
    to: text('to').notNull(),
    subject: text('subject').notNull(),
    text: text('text').notNull(),
    html: text('html'),
    /** Extra headers (List-Unsubscribe of mass e-mail). */
    headers: jsonb('headers').$type<Record<string, string>>(),
    /** 0: caused by a request, sent first; 1: mass e-mail, sent at the configured rate. */
    priority: integer('priority').notNull().default(0),
    /** The mass e-mail this row sends, whose status follows the row's. */
    batchEmailId: integer('batch_email_id').references((): AnyPgColumn => batchEmails.id, {
      onDelete: 'cascade',
    }),
    /** The respondent whose address this mail verifies: sent, it is pending; refused for good, invalid. */
    verifiesSubmissionId: integer('verifies_submission_id').references(() => formSubmissions.id, {
      onDelete: 'set null',
    }),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    lastError: text('last_error'),
    sentAt: timestamp('sent_at', { withTimezone: true }),
    /** Set when the row will not be tried again: a permanent refusal or the last attempt failed. */
    failedAt: timestamp('failed_at', { withTimezone: true }),
    /**
     * The sender holding the row (one drain of one process), renewing its lease while it sends; null once
     * marked. Still set when the row comes due again: that sender died during the send.
     */
    claimedBy: varchar('claimed_by', { length: 36 }),
    /** Sends cut short by a dead sender: after one, the next send may be a second copy; after two, no more. */
    interruptions: integer('interruptions').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [
    index('mail_queue_due').on(t.sentAt, t.nextAttemptAt),
    index('mail_queue_pending')
      .on(t.priority, t.nextAttemptAt, t.id)
      .where(sql`sent_at is null and failed_at is null`),
    index('mail_queue_batch_email').on(t.batchEmailId),
  ],
);

/** A team's e-mail templates for mass e-mail: Liquid in the subject and the sanitized HTML body. */
export const emailTemplates = pgTable(
  'email_templates',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    subject: varchar('subject', { length: 255 }).notNull(),
    htmlContent: text('html_content').notNull(),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [index('email_templates_team').on(t.teamId, t.id)],
);

/** A mass e-mail to items' contacts. status: draft, sending, sent, failed. */
export const emailBatches = pgTable(
  'email_batches',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 100 }).notNull(),
    description: text('description').notNull().default(''),
    templateId: integer('template_id').references(() => emailTemplates.id, { onDelete: 'set null' }),
    status: varchar('status', { length: 10 }).notNull().default('draft'),
    /** The e-mails hold what the current template gives: the preview step is done. */
    isRendered: boolean('is_rendered').notNull().default(false),
    sendTime: timestamp('send_time', { withTimezone: true }),
    createTime: createTime(),
  },
  (t) => [
    index('email_batches_team_created').on(t.teamId, t.createTime),
    index('email_batches_template').on(t.templateId),
  ],
);

/** One e-mail of a batch ("demail"). status: null draft, 0 sent, 1 failed, 2 queued, 3 requeued. */
export const batchEmails = pgTable(
  'batch_emails',
  {
    id: serial('id').primaryKey(),
    batchId: integer('batch_id')
      .notNull()
      .references(() => emailBatches.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id').references(() => datasets.id, { onDelete: 'set null' }),
    to: varchar('to', { length: 250 }).notNull(),
    subject: text('subject').notNull().default(''),
    htmlMessage: text('html_message').notNull().default(''),
    status: integer('status'),
    error: text('error'),
    attempts: integer('attempts').notNull().default(0),
    sentTime: timestamp('sent_time', { withTimezone: true }),
    /** Sent again after a server died while sending it: the recipient may have it twice. */
    maybeSentTwice: boolean('maybe_sent_twice').notNull().default(false),
    createTime: createTime(),
  },
  (t) => [
    index('batch_emails_batch').on(t.batchId, t.id),
    uniqueIndex('batch_emails_batch_dataset').on(t.batchId, t.datasetId),
  ],
);

/**
 * Addresses mass e-mail skips: unsubscribed from one team, or invalid (a permanent SMTP refusal)
 * for every team (team_id null). Stored lower-case.
 */
export const emailSuppressions = pgTable(
  'email_suppressions',
  {
    id: serial('id').primaryKey(),
    email: varchar('email', { length: 250 }).notNull(),
    teamId: integer('team_id').references(() => teams.id, { onDelete: 'cascade' }),
    reason: varchar('reason', { length: 12 }).notNull(),
    detail: text('detail'),
    createTime: createTime(),
  },
  (t) => [uniqueIndex('email_suppressions_team_email').on(sql`coalesce(${t.teamId}, 0)`, t.email)],
);

/** Work done once per period by whichever process claims it first (features/mail/schedule.ts). */
export const scheduledRuns = pgTable('scheduled_runs', {
  name: varchar('name', { length: 64 }).primaryKey(),
  lastRunAt: timestamp('last_run_at', { withTimezone: true }).notNull(),
});

/**
 * Per-IP request counts of `@fastify/rate-limit` on PostgreSQL (decision 44): one fixed window per key,
 * counted by an atomic upsert so that every process adds to the same number.
 */
export const rateCounters = pgTable(
  'rate_counters',
  {
    key: text('key').primaryKey(),
    hits: integer('hits').notNull(),
    resetsAt: timestamp('resets_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_counters_resets_at').on(t.resetsAt)],
);

/** Attempts counted over a sliding window on PostgreSQL (failed sign-ins, reset e-mails…): one row each. */
export const rateAttempts = pgTable(
  'rate_attempts',
  {
    key: text('key').notNull(),
    at: timestamp('at', { withTimezone: true }).notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
  },
  (t) => [index('rate_attempts_key_at').on(t.key, t.at), index('rate_attempts_expires_at').on(t.expiresAt)],
);

/** ALTCHA challenges already used: each solution opens one request only. */
export const spentCaptchas = pgTable('spent_captchas', {
  signature: varchar('signature', { length: 128 }).primaryKey(),
  expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
});

/**
 * Selections ("issues"). One table for the four resourcetypes; the numbers of the other types stay null.
 * RatingIssue: min_rating, max_rating, step, comments_mode. TokenIssue: nb_tokens, max_per_item.
 * SelectionIssue (pick): min_items, max_items. TextIssue: comments only.
 */
export const issues = pgTable(
  'issues',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    dataModelId: integer('data_model_id').references(() => dataModels.id, { onDelete: 'set null' }),
    resourcetype: varchar('resourcetype', { length: 20 }).notNull(),
    /** open, closed or archived */
    status: varchar('status', { length: 10 }).notNull().default('open'),
    title: varchar('title', { length: 150 }).notNull(),
    description: varchar('description', { length: 600 }).notNull().default(''),
    public: boolean('public').notNull().default(false),
    emailRequired: boolean('email_required').notNull().default(true),
    emailLink: boolean('email_link').notNull().default(true),
    /** Public selections: the get-link page asks for a captcha first. */
    captcha: boolean('captcha').notNull().default(true),
    accessAllItems: boolean('access_all_items').notNull().default(true),
    judgesCanLoadDatasetDetails: boolean('judges_can_load_dataset_details').notNull().default(true),
    randomOrder: boolean('random_order').notNull().default(false),
    /** A judge sees the others' shared comments only once they have submitted (docs/judging.md). */
    hideCommentsUntilSubmitted: boolean('hide_comments_until_submitted').notNull().default(false),
    /** Judges see it; the selection closes itself once it passes unless kept open (docs/judging.md). */
    deadline: timestamp('deadline', { withTimezone: true }),
    keepOpenAfterDeadline: boolean('keep_open_after_deadline').notNull().default(false),
    /** An automatic reminder this many days before the deadline to judges who have not submitted; null: none. */
    reminderDaysBefore: integer('reminder_days_before'),
    /** When the reminder of the current deadline went out: the scheduler's claim, set once per deadline. */
    remindedAt: timestamp('reminded_at', { withTimezone: true }),
    /** When the scheduler closed the selection at its deadline: once per deadline, so a reopen sticks. */
    deadlineClosedAt: timestamp('deadline_closed_at', { withTimezone: true }),
    /** DATASET (one comment per item) or QUESTION (one per criterion) */
    commentsMode: varchar('comments_mode', { length: 10 }).notNull().default('DATASET'),
    itemLabelSingularEn: varchar('item_label_singular_en', { length: 20 }).notNull().default('item'),
    itemLabelPluralEn: varchar('item_label_plural_en', { length: 20 }).notNull().default('items'),
    minRating: doublePrecision('min_rating'),
    maxRating: doublePrecision('max_rating'),
    step: doublePrecision('step'),
    nbTokens: integer('nb_tokens'),
    maxPerItem: integer('max_per_item'),
    minItems: integer('min_items'),
    maxItems: integer('max_items'),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    // The selections list's two orders, `id` their tie-break: a page read in index order, not sorted.
    index('issues_team_created').on(t.teamId, t.createTime, t.id),
    index('issues_team_lower_title').on(t.teamId, sql`lower(${t.title})`, t.id),
    // The scheduler's scan: only open selections with a deadline.
    index('issues_open_deadline')
      .on(t.deadline)
      .where(sql`${t.status} = 'open' and ${t.deadline} is not null`),
  ],
);

export const issueTags = pgTable(
  'issue_tags',
  {
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.tagId] }), index('issue_tags_tag').on(t.tagId)],
);

/** Criteria ("questions") of a rating selection, each with a weight in the weighted average. */
export const issueQuestions = pgTable(
  'issue_questions',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 150 }).notNull(),
    description: varchar('description', { length: 600 }).notNull().default(''),
    weight: doublePrecision('weight').notNull().default(1),
    createTime: createTime(),
  },
  (t) => [index('issue_questions_issue').on(t.issueId)],
);

/** The items under evaluation in a selection. */
export const issueDatasets = pgTable(
  'issue_datasets',
  {
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    createTime: createTime(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.datasetId] }), index('issue_datasets_dataset').on(t.datasetId)],
);

/** A judge of a selection and the secret of their personal link (/selection/{id}/answer?token=…). */
export const issueAccesses = pgTable(
  'issue_accesses',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    token: varchar('token', { length: 64 }).notNull(),
    /** admin (added by an admin) or public (unlocked through the public link) */
    origin: varchar('origin', { length: 10 }).notNull().default('admin'),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('issue_accesses_issue_user').on(t.issueId, t.userId),
    uniqueIndex('issue_accesses_token').on(t.token),
    index('issue_accesses_user').on(t.userId),
  ],
);

/** The items a judge may answer when the selection does not give all items to everyone. */
export const issueAccessDatasets = pgTable(
  'issue_access_datasets',
  {
    accessId: integer('access_id')
      .notNull()
      .references(() => issueAccesses.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
  },
  (t) => [
    primaryKey({ columns: [t.accessId, t.datasetId] }),
    index('issue_access_datasets_dataset').on(t.datasetId),
  ],
);

/**
 * A judge's conflict of interest with an item (docs/judging.md): the pair is never assigned, takes no
 * answer or comment and is not counted among the item's judges.
 */
export const issueConflicts = pgTable(
  'issue_conflicts',
  {
    accessId: integer('access_id')
      .notNull()
      .references(() => issueAccesses.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    /** judge (declared on the answer page) or admin (set from the access tab) */
    setBy: varchar('set_by', { length: 10 }).notNull(),
    createTime: createTime(),
  },
  (t) => [
    primaryKey({ columns: [t.accessId, t.datasetId] }),
    index('issue_conflicts_dataset').on(t.datasetId),
  ],
);

/**
 * A judge's answers and comments while they work, saved as they go so that a reload loses nothing. Never
 * read by reports: only `issue_answers` count, written by a submission, which deletes the draft.
 */
export const issueAnswerDrafts = pgTable('issue_answer_drafts', {
  accessId: integer('access_id')
    .primaryKey()
    .references(() => issueAccesses.id, { onDelete: 'cascade' }),
  /** The submission's body as it stands: { answers, comments } */
  payload: jsonb('payload').notNull(),
  updateTime: updateTime(),
});

/** Each invitation or reminder sent to a judge (at most 3). */
export const issueInvitations = pgTable(
  'issue_invitations',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createTime: createTime(),
  },
  (t) => [index('issue_invitations_issue_user').on(t.issueId, t.userId)],
);

/** A judge's submission; answers and comments are replaced as a whole at each submit. */
export const issueSubmissions = pgTable(
  'issue_submissions',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [uniqueIndex('issue_submissions_issue_user').on(t.issueId, t.userId)],
);

/** One value per judge, item and criterion (question null: the item as a whole). */
export const issueAnswers = pgTable(
  'issue_answers',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => issueQuestions.id, { onDelete: 'cascade' }),
    value: doublePrecision('value').notNull(),
  },
  (t) => [
    uniqueIndex('issue_answers_unique').on(
      t.issueId,
      t.userId,
      t.datasetId,
      sql`coalesce(${t.questionId}, 0)`,
    ),
    // Reports aggregate per item of one selection.
    index('issue_answers_issue_dataset').on(t.issueId, t.datasetId),
  ],
);

/** Judges' comments, per item (comments_mode DATASET) or per item and criterion (QUESTION). */
export const issueComments = pgTable(
  'issue_comments',
  {
    id: serial('id').primaryKey(),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    datasetId: integer('dataset_id')
      .notNull()
      .references(() => datasets.id, { onDelete: 'cascade' }),
    questionId: integer('question_id').references(() => issueQuestions.id, { onDelete: 'cascade' }),
    content: varchar('content', { length: 400 }).notNull(),
    shared: boolean('shared').notNull().default(false),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('issue_comments_unique').on(
      t.issueId,
      t.userId,
      t.datasetId,
      sql`coalesce(${t.questionId}, 0)`,
    ),
    index('issue_comments_issue_dataset').on(t.issueId, t.datasetId),
  ],
);

/**
 * Each judge's value per item, the unit of every report (decision 24): rating, the weighted mean of the
 * criteria answered; tokens and picks, the total; text, the number of comments. Kept by triggers on
 * answers, comments and criteria (migration 0008, decision 37) in the transaction that changes them.
 */
export const reportJudgeValues = pgTable(
  'report_judge_values',
  {
    issueId: integer('issue_id').notNull(),
    datasetId: integer('dataset_id').notNull(),
    userId: integer('user_id').notNull(),
    value: doublePrecision('value'),
    /**
     * The value's z-score over the judge's values (`report_judge_stats`), null where the judge stays raw in
     * the normalised report (migration 0019): that report then maps each value without a join.
     */
    z: doublePrecision('z'),
  },
  (t) => [
    primaryKey({ columns: [t.issueId, t.datasetId, t.userId] }),
    index('report_judge_values_issue_user').on(t.issueId, t.userId),
    // Reports read an item's values in this order by an index-only scan: grouped for the quartiles
    // without a sort, and without visiting the heap in the primary key's scattered order.
    // Also where a fold reads an item's least and greatest z-score back (the z of its entries): the index
    // of z alone (0021) cost every fold one more entry per value written, for a rare read (migration 0031).
    index('report_judge_values_item_value').on(t.issueId, t.datasetId, t.value, t.z),
  ],
);

/**
 * Per judge of a selection, the number, mean and population σ of their stored values: what the normalised
 * report (judge-bias correction, issue 15) needs of each judge, so that it reads 300 rows instead of
 * aggregating 600,000. Refreshed from `report_judge_values` for the judges a change touches, by the same
 * trigger function (migrations 0018–0019, decision 51).
 */
export const reportJudgeStats = pgTable(
  'report_judge_stats',
  {
    issueId: integer('issue_id').notNull(),
    userId: integer('user_id').notNull(),
    nbValues: integer('nb_values').notNull(),
    mean: doublePrecision('mean'),
    sd: doublePrecision('sd'),
    /**
     * How many items the judge has a stored value for (null values included): the report's "items
     * answered" reads it rather than counting the judge's values (migration 0022).
     */
    nbItems: integer('nb_items').notNull().default(0),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.userId] })],
);

/**
 * Per item of a selection, the aggregates of its judges' stored values that the default report ranks by:
 * how many values (and how many not null), their exact sum and sum of squares (`numeric`, moved by each
 * changed value, so they never drift), least and greatest (moved like the sums; read back from the item's
 * values by index only where a change took one of them away, migration 0022). The report of 2,000 items
 * then reads 2,000 rows, not 600,000 values (migration 0020, decision 55).
 */
export const reportItemStats = pgTable(
  'report_item_stats',
  {
    issueId: integer('issue_id').notNull(),
    datasetId: integer('dataset_id').notNull(),
    nbValues: integer('nb_values').notNull(),
    nbRated: integer('nb_rated').notNull(),
    total: numeric('total').notNull(),
    totalSquares: numeric('total_squares').notNull(),
    minValue: doublePrecision('min_value'),
    maxValue: doublePrecision('max_value'),
    /**
     * The values' z-scores (those not null): how many, their exact sum and sum of squares, moved by each
     * changed z-score like the sums above. The normalised report maps them in one step per item, since
     * `mean + z × σ` is linear in z (migration 0021).
     */
    nbZ: integer('nb_z').notNull().default(0),
    zTotal: numeric('z_total').notNull().default('0'),
    zSquares: numeric('z_squares').notNull().default('0'),
    /** The least and greatest z-score, read back by index like the least and greatest value. */
    minZ: doublePrecision('min_z'),
    maxZ: doublePrecision('max_z'),
    /**
     * The default report's figures of the item, rounded as it shows them, computed when the row is
     * written: the mean (a rating's value), the total (the value of the other kinds), σ and range. Rounding
     * through numeric cost PGlite about 25 ms a 2,000-item report read (decision 66).
     */
    roundedMean: doublePrecision('rounded_mean').generatedAlwaysAs(
      sql`CASE WHEN nb_rated > 0 THEN ${rounded(sql`(total / nb_rated)::float8`)} END`,
    ),
    roundedTotal: doublePrecision('rounded_total').generatedAlwaysAs(rounded(sql`total::float8`)),
    roundedStdev: doublePrecision('rounded_stdev').generatedAlwaysAs(
      sql`CASE WHEN nb_rated >= 2 THEN ${rounded(sqrtOfVariance(sql`total_squares`, sql`total`, sql`nb_rated`))} END`,
    ),
    roundedRange: doublePrecision('rounded_range').generatedAlwaysAs(
      sql`CASE WHEN nb_rated >= 2 THEN ${rounded(sql`max_value - min_value`)} END`,
    ),
    /**
     * The item's criterion averages as the report's JSON text (`[{"question":…,"average":…,"nb_answers":…}]`),
     * and its members of the default report (`"value":…,"nb_answers":…,"criteria":[…],"stdev":…,"range":…`),
     * written by the fold for the items it moved (migration 0031, decision 84): the report of 2,000 items
     * then formats no number and aggregates no criterion.
     */
    criteriaJson: text('criteria_json'),
    figuresJson: text('figures_json'),
    /**
     * The normalised report's figures of the item (rating selections: each judge's values as z-scores mapped
     * onto the scale, docs/judging.md), rounded: mean, σ, range and the largest value, and the JSON text. They depend on the
     * whole selection's mean and σ, so each fold that moved anything writes them again for every item,
     * from the z sums, or value by value where the scale cuts (migration 0031, decision 84).
     */
    normMean: doublePrecision('norm_mean'),
    normStdev: doublePrecision('norm_stdev'),
    normRange: doublePrecision('norm_range'),
    normMax: doublePrecision('norm_max'),
    /** The normalised report's members of the item as JSON text, like `figuresJson`. */
    normFiguresJson: text('norm_figures_json'),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.datasetId] })],
);

/** Per item and criterion, the sum (exact) and number of its answers; kept like `report_judge_values`. */
export const reportCriterionSums = pgTable(
  'report_criterion_sums',
  {
    issueId: integer('issue_id').notNull(),
    datasetId: integer('dataset_id').notNull(),
    questionId: integer('question_id').notNull(),
    total: numeric('total').notNull(),
    nbAnswers: integer('nb_answers').notNull(),
    /**
     * The criterion's average as the report shows it, rounded to its decimals when the row is written:
     * rounding 10,000 exact averages on every report read cost PGlite about 20 ms (decision 66).
     */
    average: doublePrecision('average').generatedAlwaysAs(
      sql`CASE WHEN nb_answers > 0 THEN ${rounded(sql`total / nb_answers`)} END`,
    ),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.datasetId, t.questionId] })],
);

/**
 * The changes that the report tables have not taken in yet (decision 84): each statement on answers or
 * comments appends, per selection and judge, the rows it removed (sign −1) or wrote (+1) as arrays, in the
 * transaction that changes them; a criterion's new weight appends a row without a judge (every value of
 * the selection). No row is ever updated, so judges submitting at once never wait for each other here.
 * `report_fold` (migration 0031) takes a selection's rows and moves the report tables by them, apart from
 * the submissions: in the background and before any read of those tables.
 */
export const reportChanges = pgTable(
  'report_changes',
  {
    issueId: integer('issue_id').notNull(),
    /** Null: a criterion's weight changed, every stored value of the selection is recomputed. */
    userId: integer('user_id'),
    sign: smallint('sign').notNull(),
    datasetIds: integer('dataset_ids').array(),
    /** Answers only (null for comments): the criterion, value and item of each row, in the same order. */
    questionIds: integer('question_ids').array(),
    answerValues: doublePrecision('answer_values').array(),
  },
  (t) => [index('report_changes_issue').on(t.issueId)],
);

/** Several selections combined into one weighted ranking. */
export const issueMerges = pgTable(
  'issue_merges',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    title: varchar('title', { length: 250 }).notNull(),
    description: varchar('description', { length: 400 }).notNull().default(''),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [index('issue_merges_team_created').on(t.teamId, t.createTime)],
);

export const issueMergeInfos = pgTable(
  'issue_merge_infos',
  {
    id: serial('id').primaryKey(),
    mergeId: integer('merge_id')
      .notNull()
      .references(() => issueMerges.id, { onDelete: 'cascade' }),
    issueId: integer('issue_id')
      .notNull()
      .references(() => issues.id, { onDelete: 'cascade' }),
    weight: doublePrecision('weight').notNull().default(1),
  },
  (t) => [uniqueIndex('issue_merge_infos_merge_issue').on(t.mergeId, t.issueId)],
);

export const issueMergeTags = pgTable(
  'issue_merge_tags',
  {
    mergeId: integer('merge_id')
      .notNull()
      .references(() => issueMerges.id, { onDelete: 'cascade' }),
    tagId: integer('tag_id')
      .notNull()
      .references(() => tags.id, { onDelete: 'cascade' }),
  },
  (t) => [primaryKey({ columns: [t.mergeId, t.tagId] }), index('issue_merge_tags_tag').on(t.tagId)],
);

/** A team's URL told of its events (Standard Webhooks), signed with its own secret. */
export const webhooks = pgTable(
  'webhooks',
  {
    id: serial('id').primaryKey(),
    teamId: integer('team_id')
      .notNull()
      .references(() => teams.id, { onDelete: 'cascade' }),
    url: varchar('url', { length: 500 }).notNull(),
    events: text('events').array().notNull(),
    active: boolean('active').notNull().default(true),
    /** `whsec_` and 32 random bytes in base64. */
    secret: varchar('secret', { length: 80 }).notNull(),
    createTime: createTime(),
  },
  (t) => [index('webhooks_team').on(t.teamId)],
);

/**
 * One event for one webhook: the body as signed and sent, and where its delivery stands. Claimed by
 * one process at a time, retried with back-off (features/webhooks/deliver.ts).
 */
export const webhookDeliveries = pgTable(
  'webhook_deliveries',
  {
    id: serial('id').primaryKey(),
    webhookId: integer('webhook_id')
      .notNull()
      .references(() => webhooks.id, { onDelete: 'cascade' }),
    event: varchar('event', { length: 40 }).notNull(),
    body: text('body').notNull(),
    /** pending, delivered or failed */
    status: varchar('status', { length: 10 }).notNull().default('pending'),
    attempts: integer('attempts').notNull().default(0),
    nextAttemptAt: timestamp('next_attempt_at', { withTimezone: true }).notNull().defaultNow(),
    responseCode: integer('response_code'),
    error: text('error'),
    durationMs: integer('duration_ms'),
    deliveredAt: timestamp('delivered_at', { withTimezone: true }),
    createTime: createTime(),
  },
  (t) => [
    index('webhook_deliveries_webhook').on(t.webhookId, t.id),
    index('webhook_deliveries_due').on(t.nextAttemptAt).where(sql`status = 'pending'`),
  ],
);

/**
 * A team's audit log (issue 29, decision 85): one row per change that matters, written in the change's
 * transaction by `recordAudit`. Append-only: a trigger refuses UPDATE, TRUNCATE and any DELETE but the
 * retention purge's (`purge_audit_log`, migration 0032). No foreign keys: an entry outlives its team,
 * actor and object until the retention ends. Ids from an identity, no counter row that writers share.
 */
export const auditLog = pgTable(
  'audit_log',
  {
    id: bigint('id', { mode: 'number' }).primaryKey().generatedAlwaysAsIdentity(),
    teamId: integer('team_id').notNull(),
    time: timestamp('time', { withTimezone: true }).notNull().defaultNow(),
    /** user, judge, respondent or system (contract AUDIT_ACTOR_KINDS) */
    actorKind: varchar('actor_kind', { length: 12 }).notNull(),
    /** The user (judges are users); null for a respondent or the server. */
    actorId: integer('actor_id'),
    action: varchar('action', { length: 40 }).notNull(),
    objectType: varchar('object_type', { length: 20 }).notNull(),
    objectId: integer('object_id'),
    /** {field: [old, new]} of the fields that changed (contract auditChangesSchema). */
    changes: jsonb('changes').$type<Record<string, [unknown, unknown]>>().notNull().default({}),
  },
  (t) => [
    // The list reads a team's newest first, by id: paged in index order, filters checked on the way.
    index('audit_log_team_id').on(t.teamId, t.id),
    index('audit_log_team_object').on(t.teamId, t.objectType, t.objectId, t.id),
    index('audit_log_team_actor').on(t.teamId, t.actorId, t.id),
    // The retention purge deletes by time.
    index('audit_log_time').on(t.time),
  ],
);
