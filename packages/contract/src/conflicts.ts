import { z } from 'zod';
import { bodyIdSchema, idListQuerySchema, idSchema, pageQuerySchema } from './common.ts';
import { issueTokenQuerySchema } from './judging.ts';

/**
 * Conflicts of interest (docs/judging.md): a judge declares one on an item from the answer page, an admin
 * sets or clears one from the access tab. The pair is never assigned, takes no answer or comment, and is
 * not counted among the item's judges.
 */

/** The refusal of an answer or a comment on an item the judge has a conflict with. */
export const CONFLICT_OF_INTEREST = 'CONFLICT_OF_INTEREST';
export const CONFLICT_OF_INTEREST_DETAIL =
  'You declared a conflict of interest with an item: it takes no answer or comment from you.';
/** A judge may not clear a conflict an admin set. */
export const CONFLICT_SET_BY_ADMIN_DETAIL = 'An admin set this conflict: only an admin can clear it.';

export const CONFLICT_SET_BY = ['judge', 'admin'] as const;
export type ConflictSetBy = (typeof CONFLICT_SET_BY)[number];

const tokenQuery = issueTokenQuerySchema.shape;

/** POST issues/{id}/conflicts/: `user` is the judge (default: the caller); a judge token names itself only. */
export const conflictCreateSchema = z.object({
  dataset: bodyIdSchema,
  user: bodyIdSchema.optional(),
});
export type ConflictCreate = z.input<typeof conflictCreateSchema>;

/** DELETE issues/{id}/conflicts/?dataset=&user=: clears one conflict. */
export const conflictDeleteQuerySchema = z.object({
  dataset: idSchema,
  user: idSchema.optional(),
  ...tokenQuery,
});
export type ConflictDeleteQuery = z.input<typeof conflictDeleteQuerySchema>;

/** GET issues/{id}/conflicts/: a judge's own, or for an admin the selection's, of some judges (`users=1,2`). */
export const conflictsQuerySchema = pageQuerySchema.extend({
  users: idListQuerySchema.optional(),
  ...tokenQuery,
});
export type ConflictsQuery = z.input<typeof conflictsQuerySchema>;

export const conflictSchema = z.object({
  user: z.number().int(),
  dataset: z.number().int(),
  dataset_title: z.string(),
  set_by: z.enum(CONFLICT_SET_BY),
  create_time: z.string(),
});
export type Conflict = z.infer<typeof conflictSchema>;
