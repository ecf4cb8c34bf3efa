import {
  COMMENTS_MODE_RATING_MESSAGE,
  deadlineErrors,
  type FieldErrors,
  HIDDEN_FIELD_NOT_OF_TYPE_MESSAGE,
  type IssueCreateInput,
  type IssuePatchInput,
  type IssueResourcetype,
  ITEM_LABEL_PLURAL_MESSAGE,
  type ItemLabelSingular,
  invalidPkMessage,
  issueNumbersErrors,
  PUBLIC_NOT_ALLOWED_MESSAGE,
  pluralOfItemLabel,
} from '@shortlist/contract';
import { and, inArray } from 'drizzle-orm';
import { notOfTeam } from '../../access/rows-of-team.ts';
import type { TeamRow } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { dataModels, datumFields, type issues } from '../../db/schema/index.ts';
import { fieldErrors } from '../../http/errors.ts';
import { itemTypesOf } from './item-types-of.ts';

type IssueValues = Partial<typeof issues.$inferInsert>;
type Settings = Partial<IssueCreateInput & IssuePatchInput> & Record<string, unknown>;

/** The number columns each type keeps; those of the other types stay null. */
const NUMBER_FIELDS = {
  RatingIssue: ['min_rating', 'max_rating', 'step'],
  SelectionIssue: ['min_items', 'max_items'],
  TokenIssue: ['nb_tokens', 'max_per_item'],
  TextIssue: [],
  RankedIssue: ['nb_ranked'],
  PairwiseIssue: ['shortlist_size'],
} as const satisfies Record<IssueResourcetype, readonly string[]>;

const ALL_NUMBER_FIELDS: readonly string[] = Object.values(NUMBER_FIELDS).flat();

const COLUMN_OF = {
  title: 'title',
  description: 'description',
  public: 'public',
  email_required: 'emailRequired',
  email_link: 'emailLink',
  captcha: 'captcha',
  random_order: 'randomOrder',
  hide_comments_until_submitted: 'hideCommentsUntilSubmitted',
  hidden_fields: 'hiddenFields',
  hide_respondent: 'hideRespondent',
  hide_judge_names: 'hideJudgeNames',
  share_feedback: 'shareFeedback',
  keep_open_after_deadline: 'keepOpenAfterDeadline',
  reminder_days_before: 'reminderDaysBefore',
  access_all_items: 'accessAllItems',
  judges_can_load_dataset_details: 'judgesCanLoadDatasetDetails',
  data_model: 'dataModelId',
  item_label_singular_en: 'itemLabelSingularEn',
  item_label_plural_en: 'itemLabelPluralEn',
  status: 'status',
  min_rating: 'minRating',
  max_rating: 'maxRating',
  step: 'step',
  min_items: 'minItems',
  max_items: 'maxItems',
  nb_tokens: 'nbTokens',
  max_per_item: 'maxPerItem',
  nb_ranked: 'nbRanked',
  shortlist_size: 'shortlistSize',
} as const satisfies Record<string, keyof IssueValues>;

/** The settings a type keeps, as columns: numbers and comments mode of other types are dropped. */
export function toColumns(type: IssueResourcetype, settings: Settings): IssueValues {
  const values: Record<string, unknown> = {};
  const numbers: readonly string[] = NUMBER_FIELDS[type];
  for (const [field, column] of Object.entries(COLUMN_OF)) {
    const isOtherTypeNumber = ALL_NUMBER_FIELDS.includes(field) && !numbers.includes(field);
    if (settings[field] !== undefined && !isOtherTypeNumber) values[column] = settings[field];
  }
  if (typeof settings.deadline === 'string' || settings.deadline === null)
    values.deadline = settings.deadline === null ? null : new Date(settings.deadline);
  if (type === 'RatingIssue' && settings.comments_mode !== undefined)
    values.commentsMode = settings.comments_mode;
  if (settings.item_label_singular_en && !settings.item_label_plural_en)
    values.itemLabelPluralEn = pluralOfItemLabel(settings.item_label_singular_en);
  return values as IssueValues;
}

/** A selection's columns once the change is merged in, as the rules between fields read them. */
export type MergedSettings = Pick<
  typeof issues.$inferSelect,
  | 'resourcetype'
  | 'public'
  | 'commentsMode'
  | 'itemLabelSingularEn'
  | 'itemLabelPluralEn'
  | 'minRating'
  | 'maxRating'
  | 'step'
  | 'minItems'
  | 'maxItems'
  | 'nbTokens'
  | 'maxPerItem'
  | 'deadline'
  | 'reminderDaysBefore'
  | 'dataModelId'
> & { id?: number };

/** Whether every one of these field ids is a question of the selection's item type (or its items'). */
async function areFieldsOfType(
  ctx: AppContext,
  ids: number[],
  issue: { id: number; dataModelId: number | null },
) {
  const rows = await ctx.db
    .select({ id: datumFields.id })
    .from(datumFields)
    .where(and(inArray(datumFields.id, ids), inArray(datumFields.dataModelId, itemTypesOf(ctx, issue))));
  return rows.length === new Set(ids).size;
}

/**
 * The rules between fields of spec section 5 that a single field cannot check: numbers against each
 * other, public only with the package, comments mode only for non-public rating, matching labels,
 * and an item type of the team.
 */
export async function checkSettings(
  ctx: AppContext,
  team: TeamRow,
  merged: MergedSettings,
  changed: Settings,
) {
  const type = merged.resourcetype as IssueResourcetype;
  const errors: FieldErrors = {
    ...issueNumbersErrors(type, {
      min_rating: merged.minRating,
      max_rating: merged.maxRating,
      step: merged.step,
      min_items: merged.minItems,
      max_items: merged.maxItems,
      nb_tokens: merged.nbTokens,
      max_per_item: merged.maxPerItem,
    }),
    ...deadlineErrors({ deadline: merged.deadline, reminder_days_before: merged.reminderDaysBefore }),
  };
  if (changed.public === true && !team.package.public_issues) errors.public = [PUBLIC_NOT_ALLOWED_MESSAGE];
  if (changed.comments_mode === 'QUESTION' && (type !== 'RatingIssue' || merged.public))
    errors.comments_mode = [COMMENTS_MODE_RATING_MESSAGE];
  if (pluralOfItemLabel(merged.itemLabelSingularEn as ItemLabelSingular) !== merged.itemLabelPluralEn)
    errors.item_label_plural_en = [ITEM_LABEL_PLURAL_MESSAGE];
  if (changed.data_model) {
    const [missing] = await notOfTeam(ctx.db, dataModels, team.id, [changed.data_model]);
    if (missing !== undefined) errors.data_model = [invalidPkMessage(missing)];
  }
  if (
    changed.hidden_fields?.length &&
    !(await areFieldsOfType(ctx, changed.hidden_fields, {
      id: merged.id ?? 0,
      dataModelId: merged.dataModelId,
    }))
  )
    errors.hidden_fields = [HIDDEN_FIELD_NOT_OF_TYPE_MESSAGE];
  if (Object.keys(errors).length > 0) throw fieldErrors(errors);
}
