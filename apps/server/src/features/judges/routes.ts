import {
  accessDatasetSchema,
  accessDatasetsQuerySchema,
  assignAccessResultSchema,
  assignAccessSchema,
  copyAccessSchema,
  idParamsSchema,
  invitationListQuerySchema,
  invitationPreviewQuerySchema,
  invitationPreviewSchema,
  invitationSchema,
  inviteAllResultSchema,
  inviteAllSchema,
  judgeAccessResultSchema,
  judgeListQuerySchema,
  judgeSchema,
  judgesStatusesSchema,
  type PageQuery,
  pageSchema,
  sendInvitationResultSchema,
  sendInvitationSchema,
  setAccessResultSchema,
  setAccessSchema,
  setDatasetsAccessSchema,
  spreadAccessResultSchema,
  spreadAccessSchema,
} from '@shortlist/contract';
import type { FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType, z } from 'zod';
import { type IssueRow, requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { assignAccess } from './assign-access.ts';
import { listInvitations, previewInvitation, sendInvitation } from './invitations.ts';
import { inviteAll } from './invite-all.ts';
import { copyAccess, listAccessDatasets, setDatasetsAccess, spreadAccess } from './item-access.ts';
import { getJudgesStatuses, listJudges } from './judges-list.ts';
import { addJudges, confirmJudge, removeJudge } from './set-access.ts';

/** Judges of a selection, their item access and their invitations, for the team's admins. */
export const judgeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const tags = ['judges'];
  const issueOf = (request: FastifyRequest, issueId: number) =>
    requireIssueAdmin(ctx, currentUser(request), issueId);

  // The helpers below take each route's schemas as type parameters. Fastify cannot resolve a reply type
  // from a generic schema, so the reply schema is widened and the callback's signature holds the contract.

  /** An admin's change to the selection: the body as the contract checks it, the result as it says. */
  function action<B extends ZodType, R extends ZodType>(
    url: string,
    body: B,
    result: R,
    act: (issue: IssueRow, body: z.output<B>) => Promise<z.output<R>>,
  ) {
    app.post(
      url,
      { schema: { tags, params: idParamsSchema, body, response: { 200: result as ZodType } } },
      async (request) => act(await issueOf(request, request.params.id), request.body as z.output<B>),
    );
  }

  /** A read of the selection, with an optional query. */
  function read<Q extends ZodType, R extends ZodType>(
    url: string,
    querystring: Q | undefined,
    response: R,
    load: (issue: IssueRow, query: z.output<Q>) => Promise<z.output<R>>,
  ) {
    app.get(
      url,
      {
        schema: {
          tags,
          params: idParamsSchema,
          ...(querystring && { querystring }),
          response: { 200: response as ZodType },
        },
      },
      async (request) => load(await issueOf(request, request.params.id), request.query as z.output<Q>),
    );
  }

  /** A list of the selection's, paged in SQL: `list` answers the count and the page. */
  function pagedRead<Q extends ZodType<PageQuery>, T extends ZodType>(
    url: string,
    querystring: Q,
    item: T,
    list: (issue: IssueRow, query: z.output<Q>) => Promise<{ count: number; results: z.output<T>[] }>,
  ) {
    app.get(
      url,
      { schema: { tags, params: idParamsSchema, querystring, response: { 200: pageSchema(item) } } },
      async (request) => {
        const query = request.query as z.output<Q>;
        const { count, results } = await list(await issueOf(request, request.params.id), query);
        return toPage(request, query, count, results);
      },
    );
  }

  pagedRead('/issues/:id/judges/', judgeListQuerySchema, judgeSchema, (issue, query) =>
    listJudges(ctx, issue, query),
  );
  read('/issues/:id/judges_statuses/', undefined, judgesStatusesSchema, (issue) =>
    getJudgesStatuses(ctx, issue),
  );
  action('/issues/:id/set_access/', setAccessSchema, setAccessResultSchema, async (issue, body) => {
    const { user, emails, access } = body;
    if (emails) return addJudges(ctx, issue, emails);
    if (user === undefined) throw new Error('set_access without user passed validation');
    return access ? confirmJudge(ctx, issue, user) : removeJudge(ctx, issue, user);
  });
  action(
    '/issues/:id/set_datasets_access/',
    setDatasetsAccessSchema,
    judgeAccessResultSchema,
    (issue, body) => setDatasetsAccess(ctx, issue, body),
  );
  action('/issues/:id/copy_access/', copyAccessSchema, judgeAccessResultSchema, (issue, body) =>
    copyAccess(ctx, issue, body),
  );
  action('/issues/:id/spread_access/', spreadAccessSchema, spreadAccessResultSchema, (issue, body) =>
    spreadAccess(ctx, issue, body.judges_per_item),
  );
  action('/issues/:id/assign_access/', assignAccessSchema, assignAccessResultSchema, (issue, body) =>
    assignAccess(ctx, issue, body),
  );
  pagedRead('/issues/:id/access_datasets/', accessDatasetsQuerySchema, accessDatasetSchema, (issue, query) =>
    listAccessDatasets(ctx, issue, query),
  );
  action('/issues/:id/send_invitation/', sendInvitationSchema, sendInvitationResultSchema, (issue, body) =>
    sendInvitation(ctx, issue, body),
  );
  read(
    '/issues/:id/invitation_preview/',
    invitationPreviewQuerySchema,
    invitationPreviewSchema,
    (issue, query) => previewInvitation(ctx, issue, query),
  );
  action('/issues/:id/invite_all/', inviteAllSchema, inviteAllResultSchema, (issue, body) =>
    inviteAll(ctx, issue, body),
  );
  pagedRead('/issues/:id/invitations/', invitationListQuerySchema, invitationSchema, (issue, query) =>
    listInvitations(ctx, issue, query),
  );
};
