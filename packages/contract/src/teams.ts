import { z } from 'zod';
import { pageQuerySchema, queryBoolean } from './common.ts';
import { isOwnFileLink } from './items.ts';
import { membershipSchema } from './members.ts';

export const TEAM_TITLE_MAX_LENGTH = 150;
export const TEAM_DESCRIPTION_MAX_LENGTH = 2000;
export const TEAM_CUSTOM_HEADER_MAX_LENGTH = 10000;
export const TEAM_IMAGE_MAX_LENGTH = 2000;

const webUrlSchema = z.url({ protocol: /^https?$/ });

/** The team's logo: an http(s) address or an uploaded file; never javascript:, data: and the like. */
export const teamImageSchema = z
  .string()
  .max(TEAM_IMAGE_MAX_LENGTH)
  .refine((value) => webUrlSchema.safeParse(value).success || isOwnFileLink(value), 'Enter a valid URL.');

/** What a team's subscription allows. Every gate of both specs lives here. */
export const teamPackageSchema = z.object({
  can_merge_issues: z.boolean(),
  nb_issues_in_merge: z.number().int().min(2).max(100),
  public_issues: z.boolean(),
  datum_field_custom_type_budget: z.boolean(),
  mass_emails: z.boolean(),
  mass_emails_batch_size_limit: z.number().int().min(0).max(100000),
  mass_emails_batches_per_month: z.number().int().min(0).max(10000),
  max_tags: z.number().int().min(0).max(1000),
});
export type TeamPackage = z.infer<typeof teamPackageSchema>;

export const DEFAULT_TEAM_PACKAGE: TeamPackage = {
  can_merge_issues: true,
  nb_issues_in_merge: 5,
  public_issues: true,
  datum_field_custom_type_budget: false,
  mass_emails: false,
  mass_emails_batch_size_limit: 500,
  mass_emails_batches_per_month: 10,
  max_tags: 30,
};

export const teamSchema = z.object({
  id: z.number().int(),
  title: z.string(),
  description: z.string(),
  team_image: z.string().nullable(),
  custom_header: z.string().nullable(),
  my_membership: membershipSchema.nullable(),
  package: teamPackageSchema,
  /** Members sign in only through an identity provider (decision 82). */
  sso_only: z.boolean(),
});
export type Team = z.infer<typeof teamSchema>;

export const teamCreateSchema = z.object({
  title: z.string().trim().min(2).max(TEAM_TITLE_MAX_LENGTH),
  description: z.string().max(TEAM_DESCRIPTION_MAX_LENGTH).default(''),
  package: teamPackageSchema.partial().optional(),
});
export const teamPatchSchema = z
  .object({
    title: z.string().trim().min(2).max(TEAM_TITLE_MAX_LENGTH),
    description: z.string().max(TEAM_DESCRIPTION_MAX_LENGTH),
    team_image: teamImageSchema.nullable(),
    custom_header: z.string().max(TEAM_CUSTOM_HEADER_MAX_LENGTH).nullable(),
    package: teamPackageSchema.partial(),
    sso_only: z.boolean(),
  })
  .partial()
  .strict();

export const teamListQuerySchema = pageQuerySchema.extend({
  /** Superusers may list every team, not only their own. */
  all: queryBoolean.optional(),
});
