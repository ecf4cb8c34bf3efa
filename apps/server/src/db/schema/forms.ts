import {
  type AnyPgColumn,
  boolean,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  primaryKey,
  serial,
  text,
  timestamp,
  uniqueIndex,
  varchar,
} from 'drizzle-orm/pg-core';
import { createTime, updateTime } from './columns.ts';
import { tags } from './tags.ts';
import { teams } from './teams.ts';

/*
 * Item types ("data models") and their fields sit here beside the forms: a field may show only under a
 * condition of a form (datum_fields.condition_id), and each form owns its item type, so in two files these
 * tables would import each other.
 */

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
    /** The answer names who sent the item: hidden from judges of a selection that hides the respondent. */
    identifying: boolean('identifying').notNull().default(false),
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
