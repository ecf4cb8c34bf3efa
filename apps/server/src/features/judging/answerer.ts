import { idParamsSchema, issueTokenQuerySchema } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { decide, refuse } from '../../access/decisions.ts';
import { type IssueRow, requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { issueAccesses, issues } from '../../db/schema/index.ts';
import { loadUser, type UserRow } from '../../http/auth.ts';
import type { AccessRow } from '../judges/judge-access.ts';

/** Who opens the answer page: a judge (by the personal link's token, or signed in), or an admin previewing. */
export type Answerer =
  | { kind: 'judge'; issue: IssueRow; access: AccessRow; byToken: boolean }
  | { kind: 'preview'; issue: IssueRow };

/**
 * The personal link's token opens one selection only: another selection's token, or a wrong one, answers
 * 404 like a missing selection. Without a token, a signed-in judge answers as themselves and a team admin
 * previews; anyone else gets the same 404.
 */
export async function resolveAnswerer(
  ctx: AppContext,
  options: { issueId: number; token?: string; user: UserRow | null },
): Promise<Answerer> {
  const { issueId, token, user } = options;
  if (token) {
    const [row] = await ctx.db
      .select({ issue: issues, access: issueAccesses })
      .from(issueAccesses)
      .innerJoin(issues, eq(issues.id, issueAccesses.issueId))
      .where(and(eq(issueAccesses.token, token), eq(issueAccesses.issueId, issueId)));
    if (!row) return refuse('answer-selection', 'other-judge');
    decide('answer-selection', 'judge');
    return { kind: 'judge', issue: row.issue, access: row.access, byToken: true };
  }
  if (!user) return refuse('answer-selection', 'anonymous');
  const [row] = await ctx.db
    .select({ issue: issues, access: issueAccesses })
    .from(issueAccesses)
    .innerJoin(issues, eq(issues.id, issueAccesses.issueId))
    .where(and(eq(issueAccesses.issueId, issueId), eq(issueAccesses.userId, user.id)));
  if (row) {
    decide('answer-selection', 'judge');
    return { kind: 'judge', issue: row.issue, access: row.access, byToken: false };
  }
  return { kind: 'preview', issue: await requireIssueAdmin(ctx, user, issueId, 'answer-selection') };
}

type IssueCaller<T> = (
  ctx: AppContext,
  options: { issueId: number; token?: string; user: UserRow | null },
) => Promise<T>;

/**
 * The caller of a judge's route, resolved `onRequest`: a wrong token, or no token and no one signed in, is
 * answered before the body is read or the query checked, as `requireUser` does on an admin's routes
 * (decision 155). These routes are open to anyone holding a link and are not counted per address: a
 * stranger's 8 MiB submission is refused unread. Where the id or the token would fail validation, nothing
 * is resolved, and validation (the same `idParamsSchema` and token) answers 400 before the handler.
 */
export function callerOnRequest<T>(ctx: AppContext, resolve: IssueCaller<T>) {
  const callers = new WeakMap<FastifyRequest, T>();
  const withUser = loadUser(ctx);
  return {
    onRequest: async (request: FastifyRequest, reply: FastifyReply) => {
      await withUser(request, reply);
      const params = idParamsSchema.safeParse(request.params);
      const query = issueTokenQuerySchema.safeParse(request.query);
      if (!params.success || !query.success) return;
      const options = { issueId: params.data.id, token: query.data.token, user: request.user };
      callers.set(request, await resolve(ctx, options));
    },
    /** The caller in the handler of a route that runs `onRequest` above. */
    of: (request: FastifyRequest): T => {
      const caller = callers.get(request);
      if (caller === undefined)
        throw new Error('The caller is resolved onRequest; this route does not run it.');
      return caller;
    },
  };
}
