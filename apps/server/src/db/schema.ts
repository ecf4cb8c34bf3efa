import type { TeamPackage } from '@shortlist/contract';
import { sql } from 'drizzle-orm';
import {
  boolean,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';

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
    emailVerificationStatus: varchar('email_verification_status', { length: 3 }).notNull().default('unc'),
    emailToVerify: varchar('email_to_verify', { length: 250 }),
    createTime: createTime(),
  },
  (t) => [
    uniqueIndex('users_username_lower').on(sql`lower(${t.username})`),
    uniqueIndex('users_email_lower').on(sql`lower(${t.email})`),
  ],
);

export const teams = pgTable('teams', {
  id: serial('id').primaryKey(),
  title: varchar('title', { length: 150 }).notNull(),
  description: text('description').notNull().default(''),
  teamImage: text('team_image'),
  customHeader: text('custom_header'),
  package: jsonb('package').$type<TeamPackage>().notNull(),
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
    revokedAt: timestamp('revoked_at', { withTimezone: true }),
  },
  (t) => [index('refresh_tokens_family').on(t.family)],
);

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
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    index('datasets_team_created').on(t.teamId, t.createTime),
    index('datasets_data_model').on(t.dataModelId),
    // The items list sorts titles case-insensitively: a page is read in index order, not sorted.
    index('datasets_team_lower_title').on(t.teamId, sql`lower(${t.title})`, t.id),
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
    issueId: integer('issue_id'),
    statusId: integer('status_id').references(() => reviewStatuses.id, { onDelete: 'set null' }),
    createTime: createTime(),
    updateTime: updateTime(),
  },
  (t) => [
    // One review per item and selection (or per item outside any selection): later choices update it.
    uniqueIndex('reviews_dataset_issue').on(t.datasetId, sql`coalesce(${t.issueId}, 0)`),
    index('reviews_status').on(t.statusId),
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
