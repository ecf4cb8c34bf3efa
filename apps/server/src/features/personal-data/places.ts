/**
 * Where a person's data can live (issue 53): every table of the schema, with the columns that can hold a
 * person's text (their address, name, answers, or a copy of them) and what the erasure does there, or why
 * the table cannot hold any. The erasure's test fails on a table missing here, and on a column holding the
 * person that is not listed; `copies.ts` erases and exports the copies listed with `copy`; docs/privacy.md
 * says the same in words.
 */
export type Place =
  | {
      columns: readonly string[];
      /** What an erasure does to the person's rows here. */
      erasure: string;
      /** A copy of what the person gave, found by `copies.ts` through the items it quotes or the address. */
      copy?: true;
      /** Columns the erasure keeps on purpose (the erasure says why). */
      kept?: readonly string[];
    }
  | { none: string };

const ids = 'ids, numbers and times only';
const config = 'the team’s own configuration, written by its admins';
const reportFigures = 'figures computed from judges’ values, keyed by ids';

export const PERSONAL_DATA_PLACES: Record<string, Place> = {
  users: {
    columns: ['username', 'email', 'first_name', 'last_name', 'email_to_verify'],
    erasure: 'a judge identity is replaced by an anonymous one and deleted once unused; accounts are refused',
  },
  team_members: { columns: ['pseudo'], erasure: 'pending or refused invitations deleted; members refused' },
  form_submissions: {
    columns: ['email'],
    erasure: 'address blanked, edit token replaced; its language (en, fr or null) kept: it names nobody',
  },
  datasets: {
    columns: ['title', 'description', 'contact_email', 'tags'],
    erasure:
      'title set to [erased], description and contact emptied; the item stays ranked in closed selections',
  },
  dataset_tags: { columns: ['tag'], erasure: 'kept: team tags, not the person’s text' },
  datum_values: {
    columns: ['response', 'json_response', 'filename'],
    erasure: 'deleted, with their files',
  },
  issue_answer_drafts: {
    columns: ['payload'],
    erasure: 'the person’s deleted; the erased items’ rows taken out of other judges’',
  },
  issue_comments: { columns: ['content'], erasure: 'moved to the anonymous identity (a judge’s own text)' },
  issue_expertise: { columns: ['text'], erasure: 'deleted: a judge’s fields in their own words' },
  batch_emails: {
    columns: ['to', 'subject', 'html_message'],
    erasure: 'to, subject and body blanked for mails to the person or about their items; unsent ones fail',
  },
  mail_queue: {
    columns: ['to', 'subject', 'text', 'html', 'headers'],
    erasure: 'subject and body blanked (and the address when it is the person’s); unsent ones fail',
    copy: true,
  },
  outbox_messages: {
    columns: ['to', 'subject', 'text', 'html'],
    erasure: 'subject and body blanked (and the address when it is the person’s)',
    copy: true,
  },
  webhook_deliveries: {
    columns: ['body'],
    erasure: 'body blanked; pending ones fail',
    copy: true,
  },
  email_suppressions: {
    columns: ['email', 'detail'],
    erasure:
      'the address is kept, suppressed for the team (every team after a superuser’s erasure): without it, the next mailing to an imported list would write to the person again',
    kept: ['email'],
  },
  review_comments: {
    columns: ['content'],
    erasure: 'admins’ comments on the erased items deleted',
  },
  rate_attempts: {
    columns: ['key'],
    erasure: 'a site-wide erasure deletes the address’s throttle keys; they expire within the hour anyway',
  },
  contact_messages: {
    columns: ['message'],
    erasure: 'kept: the contact box holds members’ messages, and a member’s erasure is refused',
  },
  audit_log: { none: 'actors and objects by id; changes hold counts, ids and settings, never answers' },
  css_themes: { none: config },
  data_models: { none: config },
  datum_field_conditions: { none: config },
  datum_fields: { none: config },
  email_batches: { none: config },
  email_templates: { none: 'Liquid templates: variables, not their values' },
  form_titles: { none: config },
  intake_form_tags: { none: ids },
  intake_forms: { none: config },
  issue_access_datasets: { none: ids },
  issue_accesses: { none: 'ids and the link’s token, replaced by the erasure' },
  issue_answers: { none: 'numeric values, moved to the anonymous identity' },
  issue_affinities: { none: 'scores keyed by ids' },
  issue_assignment_settings: { none: config },
  issue_bids: { none: ids },
  issue_conflicts: { none: ids },
  issue_datasets: { none: 'ids; an erased item leaves every open selection' },
  issue_invitations: { none: ids },
  issue_merge_infos: { none: ids },
  issue_merge_tags: { none: ids },
  issue_merges: { none: config },
  issue_questions: { none: config },
  issue_submissions: { none: ids },
  issue_tags: { none: ids },
  issues: { none: config },
  item_decisions: { none: 'the decision’s word and times' },
  item_promotions: { none: 'ids, rank, value and the source selection’s title' },
  notification_settings: { none: config },
  page_headers: { none: config },
  pairwise_items: { none: reportFigures },
  pairwise_judges: { none: reportFigures },
  pairwise_seen: { none: ids },
  pairwise_votes: { none: ids },
  password_reset_tokens: { none: 'hashes of tokens of accounts' },
  rate_counters: { none: 'per-address (IP) counters' },
  refresh_tokens: { none: 'token ids of accounts' },
  report_changes: { none: reportFigures },
  report_criterion_sums: { none: reportFigures },
  report_folds: { none: reportFigures },
  report_item_stats: { none: `${reportFigures}; its JSON text holds criteria’s titles and figures` },
  report_judge_criterion_sums: { none: reportFigures },
  report_judge_stats: { none: reportFigures },
  report_judge_values: { none: reportFigures },
  review_statuses: { none: config },
  reviews: { none: ids },
  scheduled_runs: { none: 'the server’s own schedule' },
  spent_captchas: { none: 'signatures of spent challenges' },
  sso_sign_in_codes: { none: 'hashes of one-time codes of accounts' },
  tags: { none: config },
  teams: { none: config },
  webhooks: { none: config },
};
