import {
  UNSUBSCRIBE_LINK_INVALID,
  UNSUBSCRIBE_LINK_INVALID_MESSAGE,
  type UnsubscribeInfo,
} from '@shortlist/contract';
import { eq } from 'drizzle-orm';
import type { AppContext } from '../../context.ts';
import { teams } from '../../db/schema/index.ts';
import { refusal } from '../../http/errors.ts';
import { isUnsubscribed, unsubscribe } from '../mail/suppressions.ts';
import { readUnsubscribeToken } from './unsubscribe-links.ts';

/** The team and address a link names; a forged, damaged or orphaned link answers 404. */
async function requireLink(ctx: AppContext, token: string) {
  const link = readUnsubscribeToken(ctx, token);
  const [team] = link
    ? await ctx.db.select({ title: teams.title }).from(teams).where(eq(teams.id, link.teamId))
    : [];
  if (!link || !team) throw refusal(UNSUBSCRIBE_LINK_INVALID, UNSUBSCRIBE_LINK_INVALID_MESSAGE, 404);
  return { ...link, teamTitle: team.title };
}

export async function unsubscribeInfo(ctx: AppContext, token: string): Promise<UnsubscribeInfo> {
  const link = await requireLink(ctx, token);
  return {
    team_title: link.teamTitle,
    email: link.email,
    is_unsubscribed: await isUnsubscribed(ctx.db, link.teamId, link.email),
  };
}

/** Idempotent: the one-click POST of a mail client and the page's button may both arrive. */
export async function unsubscribeByLink(ctx: AppContext, token: string) {
  const link = await requireLink(ctx, token);
  await unsubscribe(ctx.db, link.teamId, link.email);
}
