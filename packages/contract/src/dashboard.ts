import { z } from 'zod';
import { idSchema } from './common.ts';

/** How many entries each dashboard list shows, and how many judge comments preview a review. */
export const DASHBOARD_LIST_SIZE = 5;
export const DASHBOARD_COMMENTS_PREVIEW = 2;

export const dashboardQuerySchema = z.object({ team_id: idSchema });

export const RECENT_OBJECT_TYPES = ['form', 'issue', 'issue_merge', 'data_model'] as const;

export const dashboardDataSchema = z.object({
  recently_updated: z.array(
    z.object({
      object_name: z.string(),
      object_type: z.enum(RECENT_OBJECT_TYPES),
      object_update: z.string(),
      /** The page of the object, relative to the team's base route. */
      object_route: z.string(),
      object_id: z.number().int(),
    }),
  ),
  latest_form_submissions: z.array(
    z.object({
      submission_title: z.string(),
      form_title: z.string(),
      date: z.string(),
      form_id: z.number().int(),
    }),
  ),
  latest_issue_submissions: z.array(
    z.object({
      issue_title: z.string(),
      submitter: z.string(),
      date: z.string(),
      issue_id: z.number().int(),
      comments: z.array(z.string()),
    }),
  ),
});
export type DashboardData = z.infer<typeof dashboardDataSchema>;

/** Dates of the usage page arrive as YYYY-MM-DD; the range is inclusive of both days. */
const INVALID_DATE = 'Enter a valid date.';
const isCalendarDay = (text: string) => {
  const day = new Date(`${text}T00:00:00Z`);
  return !Number.isNaN(day.getTime()) && day.toISOString().slice(0, 10) === text;
};
const dateSchema = z
  .string()
  .regex(/^\d{4}-\d{2}-\d{2}$/, INVALID_DATE)
  .refine(isCalendarDay, INVALID_DATE);
export const USAGE_DEFAULT_DAYS = 30;

export const usageQuerySchema = z.object({
  team_id: idSchema.optional(),
  from: dateSchema,
  toDate: dateSchema,
});

export const usageDataSchema = z.object({
  statsByTeam: z.array(
    z.object({
      team_id: z.number().int(),
      name: z.string(),
      forms: z.number().int(),
      formSubmissions: z.number().int(),
      issues: z.number().int(),
      issueMerges: z.number().int(),
      issueSubmissions: z.number().int(),
    }),
  ),
});
export type UsageData = z.infer<typeof usageDataSchema>;
