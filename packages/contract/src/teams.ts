import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_VERIFICATION_STATUSES, emailSchema } from './auth.ts';
import { idSchema, pageQuerySchema, queryBoolean } from './common.ts';
import { isOwnFileLink } from './items.ts';

export const TEAM_TITLE_MAX_LENGTH = 150;
export const TEAM_DESCRIPTION_MAX_LENGTH = 2000;
export const TEAM_CUSTOM_HEADER_MAX_LENGTH = 10000;
export const MEMBER_PSEUDO_MAX_LENGTH = 150;
export const MEMBER_EMAIL_MAX_LENGTH = EMAIL_MAX_LENGTH;
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

export const ROLES = ['admin'] as const;
export const roleSchema = z.object({ key: z.enum(ROLES) });
export const MEMBER_STATUSES = ['pending', 'accepted', 'refused'] as const;

export const membershipSchema = z.object({
  id: z.number().int(),
  role: roleSchema,
  status: z.enum(MEMBER_STATUSES),
});

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

export const memberSchema = z.object({
  id: z.number().int(),
  user: z.object({
    /** Null until the person accepts: an invitation tells nothing about the account behind the address. */
    id: z.number().int().nullable(),
    email: z.string(),
    email_verification_status: z.enum(EMAIL_VERIFICATION_STATUSES),
    email_to_verify: z.string().nullable(),
  }),
  pseudo: z.string(),
  role: roleSchema,
  status: z.enum(MEMBER_STATUSES),
  self_invite: z.boolean(),
});
export type Member = z.infer<typeof memberSchema>;

export const memberListQuerySchema = pageQuerySchema.extend({
  self_invite: queryBoolean.optional(),
  role__key: z.enum(ROLES).optional(),
  /** Members judging this selection (spec §7); judges are listed by `issues/{id}/judges/`. */
  issue: idSchema.optional(),
});

/** `teams/{id}/members/{memberId}/`: one member of one team. */
export const memberParamsSchema = z.object({ id: idSchema, memberId: idSchema });
/** Removing the team's last accepted admin would leave the team to nobody. */
export const LAST_ADMIN = 'LAST_ADMIN';
export const LAST_ADMIN_MESSAGE =
  'A workspace keeps at least one admin: add another one before removing this one.';

export const memberCreateSchema = z.object({
  email: emailSchema.pipe(z.string().max(MEMBER_EMAIL_MAX_LENGTH)),
  pseudo: z.string().trim().max(MEMBER_PSEUDO_MAX_LENGTH).default(''),
});
export type MemberCreate = z.input<typeof memberCreateSchema>;

/**
 * INVITED: the address was invited and the member stays pending until the person accepts, whether or
 * not it has an account (decision 42); EXISTED: it is already a member or invited.
 */
export const memberAddResultSchema = z.object({
  type: z.enum(['INVITED', 'EXISTED']),
  member: memberSchema,
});
export type MemberAddResult = z.infer<typeof memberAddResultSchema>;

/** A team's invitation to the signed-in user: their pending membership (`team-invitations/`). */
export const teamInvitationSchema = z.object({
  id: z.number().int(),
  team: z.object({ id: z.number().int(), title: z.string(), team_image: z.string().nullable() }),
  role: roleSchema,
  status: z.enum(MEMBER_STATUSES),
  create_time: z.string(),
});
export type TeamInvitation = z.infer<typeof teamInvitationSchema>;
