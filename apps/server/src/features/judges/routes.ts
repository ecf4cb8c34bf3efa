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
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { requireIssueAdmin } from '../selections/access.ts';
import { assignAccess } from './assign-access.ts';
import { listInvitations, previewInvitation, sendInvitation } from './invitations.ts';
import { inviteAll } from './invite-all.ts';
import { copyAccess, listAccessDatasets, setDatasetsAccess, spreadAccess } from './item-access.ts';
import { getJudgesStatuses, listJudges } from './judges-list.ts';
import { addJudges, confirmJudge, removeJudge } from './set-access.ts';

/** Judges of a selection, their item access and their invitations, for the team's admins. */
export const judgeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('preHandler', requireUser(ctx));
  const tags = ['judges'];
  const issueOf = (request: FastifyRequest, issueId: number) =>
    requireIssueAdmin(ctx, currentUser(request), issueId);

  app.get(
    '/issues/:id/judges/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: judgeListQuerySchema,
        response: { 200: pageSchema(judgeSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listJudges(
        ctx,
        await issueOf(request, request.params.id),
        request.query,
      );
      return toPage(request, request.query, count, results);
    },
  );

  app.get(
    '/issues/:id/judges_statuses/',
    { schema: { tags, params: idParamsSchema, response: { 200: judgesStatusesSchema } } },
    async (request) => getJudgesStatuses(ctx, await issueOf(request, request.params.id)),
  );

  app.post(
    '/issues/:id/set_access/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: setAccessSchema,
        response: { 200: setAccessResultSchema },
      },
    },
    async (request) => {
      const issue = await issueOf(request, request.params.id);
      const { user, emails, access } = request.body;
      if (emails) return addJudges(ctx, issue, emails);
      if (user === undefined) throw new Error('set_access without user passed validation');
      return access ? confirmJudge(ctx, issue, user) : removeJudge(ctx, issue, user);
    },
  );

  app.post(
    '/issues/:id/set_datasets_access/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: setDatasetsAccessSchema,
        response: { 200: judgeAccessResultSchema },
      },
    },
    async (request) => setDatasetsAccess(ctx, await issueOf(request, request.params.id), request.body),
  );

  app.post(
    '/issues/:id/copy_access/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: copyAccessSchema,
        response: { 200: judgeAccessResultSchema },
      },
    },
    async (request) => copyAccess(ctx, await issueOf(request, request.params.id), request.body),
  );

  app.post(
    '/issues/:id/spread_access/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: spreadAccessSchema,
        response: { 200: spreadAccessResultSchema },
      },
    },
    async (request) =>
      spreadAccess(ctx, await issueOf(request, request.params.id), request.body.judges_per_item),
  );

  app.post(
    '/issues/:id/assign_access/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: assignAccessSchema,
        response: { 200: assignAccessResultSchema },
      },
    },
    async (request) => assignAccess(ctx, await issueOf(request, request.params.id), request.body),
  );

  app.get(
    '/issues/:id/access_datasets/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: accessDatasetsQuerySchema,
        response: { 200: pageSchema(accessDatasetSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listAccessDatasets(
        ctx,
        await issueOf(request, request.params.id),
        request.query,
      );
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/issues/:id/send_invitation/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: sendInvitationSchema,
        response: { 200: sendInvitationResultSchema },
      },
    },
    async (request) => sendInvitation(ctx, await issueOf(request, request.params.id), request.body),
  );

  app.get(
    '/issues/:id/invitation_preview/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: invitationPreviewQuerySchema,
        response: { 200: invitationPreviewSchema },
      },
    },
    async (request) => previewInvitation(ctx, await issueOf(request, request.params.id), request.query),
  );

  app.post(
    '/issues/:id/invite_all/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: inviteAllSchema,
        response: { 200: inviteAllResultSchema },
      },
    },
    async (request) => inviteAll(ctx, await issueOf(request, request.params.id), request.body),
  );

  app.get(
    '/issues/:id/invitations/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: invitationListQuerySchema,
        response: { 200: pageSchema(invitationSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listInvitations(
        ctx,
        await issueOf(request, request.params.id),
        request.query,
      );
      return toPage(request, request.query, count, results);
    },
  );
};
