import {
  type Issue,
  type IssueCreate,
  type IssuePatch,
  type IssueResourcetype,
  ITEM_LABEL_DEFAULT,
  type ItemLabelSingular,
  PICK_DEFAULTS,
  pluralOfItemLabel,
  RANKED_DEFAULTS,
  RATING_DEFAULTS,
  TOKEN_DEFAULTS,
} from '@shortlist/contract';

/** The dialog's fields: every type's numbers side by side, only the chosen type's are sent. */
export interface IssueFormValues {
  resourcetype: IssueResourcetype;
  title: string;
  description: string;
  item_label_singular_en: ItemLabelSingular;
  public: boolean;
  email_required: boolean;
  email_link: boolean;
  captcha: boolean;
  random_order: boolean;
  judges_can_load_dataset_details: boolean;
  hide_comments_until_submitted: boolean;
  /** Blind review: the item type's fields judges do not see, who sent the item, the judges' names. */
  hidden_fields: number[];
  hide_respondent: boolean;
  hide_judge_names: boolean;
  share_feedback: boolean;
  /** The deadline as the date-time input holds it (local time, YYYY-MM-DDTHH:mm); '' for none. */
  deadline: string;
  keep_open_after_deadline: boolean;
  reminder_days_before: number | null;
  comments_mode: 'DATASET' | 'QUESTION';
  min_rating: number;
  max_rating: number;
  step: number;
  min_items: number;
  max_items: number;
  nb_tokens: number;
  max_per_item: number;
  nb_ranked: number;
  /** Pairwise: the shortlist's size; null for 10 % of the items. */
  shortlist_size: number | null;
}

export const NUMBER_DEFAULTS = {
  ...RATING_DEFAULTS,
  ...PICK_DEFAULTS,
  ...TOKEN_DEFAULTS,
  ...RANKED_DEFAULTS,
  shortlist_size: null,
};

export const newIssueValues = (resourcetype: IssueResourcetype = 'RatingIssue'): IssueFormValues => ({
  resourcetype,
  title: '',
  description: '',
  item_label_singular_en: ITEM_LABEL_DEFAULT,
  public: false,
  email_required: true,
  email_link: true,
  captcha: true,
  random_order: false,
  judges_can_load_dataset_details: true,
  hide_comments_until_submitted: false,
  hidden_fields: [],
  hide_respondent: false,
  hide_judge_names: false,
  share_feedback: false,
  deadline: '',
  keep_open_after_deadline: false,
  reminder_days_before: null,
  comments_mode: 'DATASET',
  ...NUMBER_DEFAULTS,
});

const pad = (n: number) => String(n).padStart(2, '0');

/** An ISO instant as a date-time input shows it, in the browser's time zone. */
export function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const d = new Date(iso);
  return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
}

/** A date-time input's local value as an ISO instant; null when empty. */
export const fromLocalInput = (value: string): string | null =>
  value ? new Date(value).toISOString() : null;

/** An existing selection in the dialog; numbers of other types keep their defaults, unseen. */
export function issueToValues(issue: Issue): IssueFormValues {
  return {
    ...newIssueValues(issue.resourcetype),
    title: issue.title,
    description: issue.description,
    item_label_singular_en: issue.item_label_singular_en,
    public: issue.public,
    email_required: issue.email_required,
    email_link: issue.email_link,
    captcha: issue.captcha,
    random_order: issue.random_order,
    judges_can_load_dataset_details: issue.judges_can_load_dataset_details,
    hide_comments_until_submitted: issue.hide_comments_until_submitted,
    hidden_fields: issue.hidden_fields,
    hide_respondent: issue.hide_respondent,
    hide_judge_names: issue.hide_judge_names,
    share_feedback: issue.share_feedback,
    deadline: toLocalInput(issue.deadline),
    keep_open_after_deadline: issue.keep_open_after_deadline,
    reminder_days_before: issue.reminder_days_before,
    comments_mode: issue.comments_mode,
    min_rating: issue.min_rating ?? RATING_DEFAULTS.min_rating,
    max_rating: issue.max_rating ?? RATING_DEFAULTS.max_rating,
    step: issue.step ?? RATING_DEFAULTS.step,
    min_items: issue.min_items ?? PICK_DEFAULTS.min_items,
    max_items: issue.max_items ?? PICK_DEFAULTS.max_items,
    nb_tokens: issue.nb_tokens ?? TOKEN_DEFAULTS.nb_tokens,
    max_per_item: issue.max_per_item ?? TOKEN_DEFAULTS.max_per_item,
    nb_ranked: issue.nb_ranked ?? RANKED_DEFAULTS.nb_ranked,
    shortlist_size: issue.shortlist_size ?? null,
  };
}

/**
 * The numbers that follow a change: pick's minimum is pulled down below a lowered maximum, and a
 * token budget lowered below the per-item cap lowers the cap. Null when nothing follows.
 */
export function followNumbers(
  changed: Partial<IssueFormValues>,
  all: IssueFormValues,
): Partial<IssueFormValues> | null {
  if (changed.max_items !== undefined && all.min_items > changed.max_items)
    return { min_items: Math.max(0, changed.max_items ?? 0) };
  if (changed.nb_tokens !== undefined && all.max_per_item > changed.nb_tokens)
    return { max_per_item: Math.max(1, changed.nb_tokens ?? 1) };
  return null;
}

/** The payload of one type: its own numbers only; e-mail options only when public, comments mode only for non-public rating. */
export function toIssuePayload(values: IssueFormValues): Omit<IssueCreate, 'team'> & IssuePatch {
  const { resourcetype } = values;
  const common = {
    resourcetype,
    title: values.title.trim(),
    description: values.description ?? '',
    item_label_singular_en: values.item_label_singular_en,
    item_label_plural_en: pluralOfItemLabel(values.item_label_singular_en),
    public: values.public,
    random_order: values.random_order,
    judges_can_load_dataset_details: values.judges_can_load_dataset_details,
    hide_comments_until_submitted: values.hide_comments_until_submitted,
    hidden_fields: values.hidden_fields ?? [],
    hide_respondent: values.hide_respondent,
    hide_judge_names: values.hide_judge_names,
    share_feedback: values.share_feedback,
    // Without a deadline, neither a reminder nor keeping open means anything.
    deadline: fromLocalInput(values.deadline),
    keep_open_after_deadline: Boolean(values.deadline) && values.keep_open_after_deadline,
    reminder_days_before: values.deadline ? (values.reminder_days_before ?? null) : null,
    ...(values.public
      ? {
          email_required: values.email_required,
          email_link: values.email_required && values.email_link,
          captcha: values.captcha,
        }
      : {}),
  };
  switch (resourcetype) {
    case 'RatingIssue':
      return {
        ...common,
        resourcetype,
        min_rating: values.min_rating,
        max_rating: values.max_rating,
        step: values.step,
        ...(values.public ? {} : { comments_mode: values.comments_mode }),
      };
    case 'SelectionIssue':
      return { ...common, resourcetype, min_items: values.min_items, max_items: values.max_items };
    case 'TokenIssue':
      return { ...common, resourcetype, nb_tokens: values.nb_tokens, max_per_item: values.max_per_item };
    case 'RankedIssue':
      return { ...common, resourcetype, nb_ranked: values.nb_ranked };
    case 'PairwiseIssue':
      return { ...common, resourcetype, shortlist_size: values.shortlist_size ?? null };
    default:
      return { ...common, resourcetype: 'TextIssue' };
  }
}

/**
 * An edit sends the type and what changed only: a setting the team's package no longer offers (public)
 * is never sent again just because it is kept.
 */
export function toIssuePatch(values: IssueFormValues, issue: Issue): IssuePatch {
  const payload: Record<string, unknown> = toIssuePayload(values);
  const current: Record<string, unknown> = issue;
  // Lists (the hidden fields) compare by their content.
  const same = (a: unknown, b: unknown) => a === b || JSON.stringify(a) === JSON.stringify(b);
  const changed = Object.entries(payload).filter(([key, value]) => !same(value, current[key]));
  return { ...Object.fromEntries(changed), resourcetype: issue.resourcetype } as IssuePatch;
}
