import { z } from 'zod';
import { bodyIdSchema, idSchema, pageQuerySchema } from './common.ts';

export const REVIEW_STATUSES_MAX = 10;
export const REVIEW_STATUS_LABEL_MAX_LENGTH = 100;
export const REVIEW_COMMENT_MAX_LENGTH = 2000;

/** The seven light background colours a review status may take (spec), light enough for dark text. */
export const REVIEW_STATUS_COLORS = [
  { name: 'white', hex: '#ffffff' },
  { name: 'light green', hex: '#d9f7be' },
  { name: 'light blue', hex: '#bae0ff' },
  { name: 'light mint', hex: '#b5f5ec' },
  { name: 'light yellow', hex: '#ffffb8' },
  { name: 'light orange', hex: '#ffe7ba' },
  { name: 'light red', hex: '#ffccc7' },
] as const;
export type ReviewStatusColor = (typeof REVIEW_STATUS_COLORS)[number]['hex'];
const bgColorSchema = z.enum(
  REVIEW_STATUS_COLORS.map((c) => c.hex) as [ReviewStatusColor, ...ReviewStatusColor[]],
);
/** The text colour: a hex colour, or empty for the default. */
const textColorSchema = z
  .string()
  .trim()
  .regex(/^(#[0-9a-fA-F]{6})?$/, 'Enter a valid hex colour.');

export const reviewStatusSchema = z.object({
  id: z.number().int(),
  label: z.string(),
  color: z.string(),
  bg_color: z.string(),
  team: z.number().int(),
});
export type ReviewStatus = z.infer<typeof reviewStatusSchema>;

export const reviewStatusCreateSchema = z.object({
  team: bodyIdSchema,
  label: z.string().trim().min(1).max(REVIEW_STATUS_LABEL_MAX_LENGTH),
  bg_color: bgColorSchema,
  color: textColorSchema.default(''),
});
export type ReviewStatusCreate = z.input<typeof reviewStatusCreateSchema>;

/** The team of a status never changes; a `team` sent along is ignored. */
export const reviewStatusPatchSchema = reviewStatusCreateSchema.omit({ team: true }).partial();
export type ReviewStatusPatch = z.input<typeof reviewStatusPatchSchema>;

export const reviewStatusListQuerySchema = pageQuerySchema.extend({ team: idSchema });

/** The status as a review carries it. */
export const reviewStatusBriefSchema = reviewStatusSchema.omit({ team: true });

export const reviewCommentSchema = z.object({
  id: z.number().int(),
  content: z.string(),
  create_time: z.string(),
  update_time: z.string(),
  /** Null once the author's account is deleted. */
  creator: z
    .object({
      id: z.number().int(),
      email: z.string(),
      first_name: z.string(),
      last_name: z.string(),
    })
    .nullable(),
});
export type ReviewComment = z.infer<typeof reviewCommentSchema>;

export const reviewSchema = z.object({
  id: z.number().int(),
  issue: z.number().int().nullable(),
  data_set: z.number().int(),
  create_time: z.string(),
  status: reviewStatusBriefSchema.nullable(),
  comments: z.array(reviewCommentSchema),
});
export type Review = z.infer<typeof reviewSchema>;

export const reviewCreateSchema = z.object({
  data_set_id: bodyIdSchema,
  /** Null: a review of the item outside any selection. */
  issue_id: bodyIdSchema.nullable().default(null),
  /** Null: a review that only holds comments so far ('Not reviewed'). */
  status_id: bodyIdSchema.nullable().default(null),
});
export type ReviewCreate = z.input<typeof reviewCreateSchema>;

export const reviewPatchSchema = z.object({
  status_id: bodyIdSchema.nullable(),
});
export type ReviewPatch = z.infer<typeof reviewPatchSchema>;

export const reviewListQuerySchema = pageQuerySchema.extend({
  data_set: idSchema,
  /** `null` for the reviews outside any selection, an id for one selection's, absent for all. */
  issue: z.union([z.literal('null'), idSchema]).optional(),
});

export const reviewCommentCreateSchema = z.object({
  content: z.string().trim().min(1).max(REVIEW_COMMENT_MAX_LENGTH),
});
export type ReviewCommentCreate = z.infer<typeof reviewCommentCreateSchema>;

export const reviewCommentParamsSchema = z.object({ id: idSchema, commentId: idSchema });
