import { z } from 'zod';
import { bodyIdSchema } from './common.ts';

// A rating selection's criteria (questions): their limits and shapes.

export const CRITERION_TITLE_MIN_LENGTH = 2;
export const CRITERION_TITLE_MAX_LENGTH = 150;
export const CRITERION_DESCRIPTION_MAX_LENGTH = 600;
export const CRITERION_WEIGHT_MIN = 0.01;
export const CRITERION_WEIGHT_MAX = 1;
export const CRITERION_WEIGHT_STEP = 0.01;
export const CRITERION_WEIGHT_DEFAULT = 1;

export const issueQuestionSchema = z.object({
  id: z.number().int(),
  issue: z.number().int(),
  title: z.string(),
  description: z.string(),
  weight: z.number(),
});
export type IssueQuestion = z.infer<typeof issueQuestionSchema>;

const weightSchema = z
  .number()
  .min(CRITERION_WEIGHT_MIN)
  .max(CRITERION_WEIGHT_MAX)
  // Two decimals at most; compared in hundredths so that 0.29 is not refused by float error.
  .refine((weight) => Math.abs(weight * 100 - Math.round(weight * 100)) < 1e-6, {
    message: `Ensure this value is a multiple of ${CRITERION_WEIGHT_STEP}.`,
  });

export const issueQuestionCreateSchema = z.object({
  issue: bodyIdSchema,
  title: z.string().trim().min(CRITERION_TITLE_MIN_LENGTH).max(CRITERION_TITLE_MAX_LENGTH),
  description: z.string().max(CRITERION_DESCRIPTION_MAX_LENGTH).default(''),
  weight: weightSchema.default(CRITERION_WEIGHT_DEFAULT),
});
export type IssueQuestionCreate = z.input<typeof issueQuestionCreateSchema>;
/** The selection of a criterion never changes; an `issue` sent along is ignored. */
export const issueQuestionPatchSchema = issueQuestionCreateSchema
  .omit({ issue: true })
  .extend({ description: z.string().max(CRITERION_DESCRIPTION_MAX_LENGTH) })
  .partial();
export type IssueQuestionPatch = z.input<typeof issueQuestionPatchSchema>;
