import { z } from 'zod';
import { EMAIL_MAX_LENGTH, EMAIL_VERIFICATION_STATUSES, emailSchema } from './auth.ts';
import { idSchema, pageQuerySchema, queryBoolean } from './common.ts';

// A team's members: its admins (`teams/{id}/members/`) and their invitations (`team-invitations/`).

export const MEMBER_PSEUDO_MAX_LENGTH = 150;
export const MEMBER_EMAIL_MAX_LENGTH = EMAIL_MAX_LENGTH;

export const ROLES = ['admin'] as const;
export const roleSchema = z.object({ key: z.enum(ROLES) });
export const MEMBER_STATUSES = ['pending', 'accepted', 'refused'] as const;

export const membershipSchema = z.object({
  id: z.number().int(),
  role: roleSchema,
  status: z.enum(MEMBER_STATUSES),
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
