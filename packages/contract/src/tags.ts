import { z } from 'zod';
import { idSchema } from './common.ts';

/** Team tags sort selections, merges and forms; the per-team cap is the package's `max_tags`. */
export const TAG_NAME_MAX_LENGTH = 50;

export const tagSchema = z.object({
  id: z.number().int(),
  name: z.string(),
});
export type Tag = z.infer<typeof tagSchema>;

export const tagCreateSchema = z.object({
  name: z.string().trim().min(1).max(TAG_NAME_MAX_LENGTH),
});
export type TagCreate = z.infer<typeof tagCreateSchema>;

export const teamTagParamsSchema = z.object({ id: idSchema, tagId: idSchema });
