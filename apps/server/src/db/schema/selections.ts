import { sql } from 'drizzle-orm';
import {
  boolean,
  doublePrecision,
  index,
  integer,
  pgTable,
  primaryKey,
  serial,
  timestamp,
  varchar,
} from 'drizzle-orm/pg-core';
import { createTime, updateTime } from './columns.ts';
import { dataModels } from './forms.ts';
import { datasets } from './items.ts';
import { tags } from './tags.ts';
import { teams } from './teams.ts';

/**
 * Selections ("issues"). One table for the five resourcetypes; the numbers of the other types stay null.
 * RatingIssue: min_rating, max_rating, step, comments_mode. TokenIssue: nb_tokens, max_per_item.
 * SelectionIssue (pick): min_items, max_items. TextIssue: comments only. RankedIssue: nb_ranked.
 * PairwiseIssue: shortlist_size.
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
    /** Blind review (docs/judging.md): the item type's fields judges do not see. */
    hiddenFields: integer('hidden_fields').array().notNull().default(sql`'{}'::integer[]`),
    /** Blind review: the respondent's e-mail, contact and identifying fields hidden from judges. */
    hideRespondent: boolean('hide_respondent').notNull().default(false),
    /** Judges do not see each other's names beside shared comments. */
    hideJudgeNames: boolean('hide_judge_names').notNull().default(false),
    /** The last number given to an item added to the selection (issue_datasets.number, by trigger). */
    itemNumbers: integer('item_numbers').notNull().default(0),
    /** Mailings to applicants may quote the judges' shared comments (anonymised) and the criterion averages. */
    shareFeedback: boolean('share_feedback').notNull().default(false),
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
    /** RankedIssue: how many items each judge orders (docs/judging.md). */
    nbRanked: integer('nb_ranked'),
    /** PairwiseIssue: the shortlist's size k that dispatch aims at; null: 10 % of the items. */
    shortlistSize: integer('shortlist_size'),
    /** 1, or the round that promotion made it (docs/rounds.md): a new round is its source's + 1. */
    round: integer('round').notNull().default(1),
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
    /**
     * The item's number within the selection ("Item 17" under blind review): given once on insert by a
     * trigger from issues.item_numbers (db/functions/selections.sql), never reused after a removal.
     */
    number: integer('number').notNull().default(0),
    createTime: createTime(),
  },
  (t) => [primaryKey({ columns: [t.issueId, t.datasetId] }), index('issue_datasets_dataset').on(t.datasetId)],
);
