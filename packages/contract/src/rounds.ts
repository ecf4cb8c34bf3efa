import { z } from 'zod';
import { bodyIdSchema } from './common.ts';
import { DATASET_TAG_MAX_LENGTH } from './items.ts';
import { ISSUE_TITLE_MAX_LENGTH } from './selections.ts';

// Rounds (issue 32, point 1; docs/rounds.md): items promoted from a report or a merge's results to
// another selection, the next round. A selection's `round` is 1 unless promotion made it a later one;
// each promoted item keeps where it came from (`item_promotions`), read as its path.

/** How the items to promote are chosen: exactly one per request. */
export const PROMOTE_SELECTORS = ['top', 'min_value', 'tag', 'datasets'] as const;
export type PromoteSelector = (typeof PROMOTE_SELECTORS)[number];
/** The most items named by `datasets` (the ticked rows) or asked by `top`. */
export const PROMOTE_ITEMS_MAX = 10_000;

export const PROMOTE_ONE_SELECTOR_MESSAGE = 'Choose one of top, min_value, tag or datasets.';
export const PROMOTE_ONLY_ONE_MESSAGE = 'Choose only one of top, min_value, tag or datasets.';
/** The target holds another item type than the source (or a merge mixes item types). */
export const ITEM_TYPE_MISMATCH = 'ITEM_TYPE_MISMATCH';
export const ITEM_TYPE_MISMATCH_DETAIL = 'The target selection must have the same item type as the source.';
/** The target is the source itself. */
export const PROMOTE_SAME_SELECTION = 'PROMOTE_SAME_SELECTION';
export const PROMOTE_SAME_SELECTION_DETAIL = 'Items cannot be promoted into their own selection.';

/** The body's choice matches no item of the source's ranking: nothing is created or added. */
export const NOTHING_TO_PROMOTE = 'NOTHING_TO_PROMOTE';
export const NOTHING_TO_PROMOTE_DETAIL = 'No item matches this choice.';

/** " — round 3": the suffix of a round created by promotion; a title already ending in one gets the next. */
export const ROUND_TITLE_SEPARATOR = ' — round ';

/** "<title> — round N" within the title's limit, a title already ending in a round's suffix getting N instead. */
export function roundTitle(title: string, round: number) {
  const base = title.replace(/ — round \d+$/, '');
  const suffix = `${ROUND_TITLE_SEPARATOR}${round}`;
  return `${base.slice(0, ISSUE_TITLE_MAX_LENGTH - suffix.length)}${suffix}`;
}

const selectorFields = {
  /** The items ranked `top` or better (ties at the cut all go: competition ranking). */
  top: z.number().int().min(1).max(PROMOTE_ITEMS_MAX),
  /** The items whose value (as the report or the merge shows it) is at least this. */
  min_value: z.number().finite(),
  /** The items carrying this item tag (text), or the name of this team tag (id). */
  tag: z.union([bodyIdSchema, z.string().trim().min(1).max(DATASET_TAG_MAX_LENGTH)]),
  /** These items (the ticked rows), each of the source. */
  datasets: z.array(bodyIdSchema).min(1).max(PROMOTE_ITEMS_MAX),
};

/**
 * `POST issues/{id}/promote/` and `issues-merge/{id}/promote/`. `target` null (or absent): a new round is
 * created from the source — the merge's first selection for a merge — copying its jury, criteria and
 * settings unless told not to (ignored with an existing target). The report's parameters rank the items as
 * the report showed them (a merge takes `normalised` only).
 */
export const promoteBodySchema = z
  .object({
    target: bodyIdSchema.nullable().default(null),
    top: selectorFields.top.optional(),
    min_value: selectorFields.min_value.optional(),
    tag: selectorFields.tag.optional(),
    datasets: selectorFields.datasets.optional(),
    criteria: z.array(bodyIdSchema).max(100).optional(),
    only_verified_emails: z.boolean().optional(),
    tags: z.array(z.string().trim().min(1).max(DATASET_TAG_MAX_LENGTH)).max(100).optional(),
    normalised: z.boolean().optional(),
    per_criterion: z.boolean().optional(),
    copy_judges: z.boolean().default(true),
    copy_criteria: z.boolean().default(true),
    copy_settings: z.boolean().default(true),
  })
  .superRefine((body, context) => {
    const given = PROMOTE_SELECTORS.filter((key) => body[key] !== undefined);
    if (given.length === 0)
      context.addIssue({ code: 'custom', message: PROMOTE_ONE_SELECTOR_MESSAGE, path: [] });
    for (const key of given.slice(1))
      context.addIssue({ code: 'custom', message: PROMOTE_ONLY_ONE_MESSAGE, path: [key] });
  });
export type PromoteBody = z.input<typeof promoteBodySchema>;
export type PromoteInput = z.output<typeof promoteBodySchema>;

export const promoteResultSchema = z.object({
  /** The target selection (the new round when `target` was null). */
  issue: z.number().int(),
  /** Items put into the target by this request. */
  added: z.number().int(),
  /** Chosen items that were in the target already (not duplicated). */
  already: z.number().int(),
});
export type PromoteResult = z.infer<typeof promoteResultSchema>;

/** Where an item was promoted from: a selection's report or a merge's results. */
export const PROMOTION_SOURCE_TYPES = ['selection', 'merge'] as const;
export type PromotionSourceType = (typeof PROMOTION_SOURCE_TYPES)[number];

/**
 * One step of an item's path: from a source (its title and round as they were, its id while it exists) to a
 * selection that still holds the item, with the rank and value the item had in the source at the time, and
 * its rank there now (null: no value yet).
 */
export const itemPromotionSchema = z.object({
  source: z.object({
    type: z.enum(PROMOTION_SOURCE_TYPES),
    id: z.number().int().nullable(),
    title: z.string(),
    round: z.number().int(),
  }),
  rank: z.number().int().nullable(),
  value: z.number().nullable(),
  selector: z.enum(PROMOTE_SELECTORS),
  target: z.object({
    id: z.number().int(),
    title: z.string(),
    round: z.number().int(),
    rank: z.number().int().nullable(),
    value: z.number().nullable(),
  }),
  promoted_at: z.string(),
});
export type ItemPromotion = z.infer<typeof itemPromotionSchema>;

/** `GET datasets/{id}/path/`: an item's promotions, oldest first (empty: never promoted). */
export const itemPathSchema = z.object({ dataset: z.number().int(), steps: z.array(itemPromotionSchema) });
export type ItemPath = z.infer<typeof itemPathSchema>;
