import {
  idParamsSchema,
  memberAddResultSchema,
  memberCreateSchema,
  memberListQuerySchema,
  memberParamsSchema,
  memberSchema,
  pageQuerySchema,
  pageSchema,
  teamInvitationSchema,
  teamSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { acceptInvitation, listMyInvitations, refuseInvitation } from './invitations.ts';
import { addMember, listMembers } from './members.ts';
import { removeMember } from './remove-member.ts';

/**
 * A team's members, its admins (`teams/{id}/members/`), and the signed-in user's invitations to teams
 * (`team-invitations/`).
 */
export const memberRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));

  app.get(
    '/teams/:id/members/',
    {
      schema: {
        tags: ['teams'],
        params: idParamsSchema,
        querystring: memberListQuerySchema,
        response: { 200: pageSchema(memberSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listMembers(
        ctx,
        currentUser(request),
        request.params.id,
        request.query,
      );
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/teams/:id/members/',
    {
      schema: {
        tags: ['teams'],
        params: idParamsSchema,
        body: memberCreateSchema,
        response: { 200: memberAddResultSchema, 201: memberAddResultSchema },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const { team } = await requireTeamAdmin(ctx, user, request.params.id);
      const result = await addMember(ctx, team, request.body, user);
      return reply.status(result.type === 'EXISTED' ? 200 : 201).send(result);
    },
  );

  app.delete(
    '/teams/:id/members/:memberId/',
    { schema: { tags: ['teams'], params: memberParamsSchema } },
    async (request, reply) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.params.id);
      await removeMember(ctx, team, request.params.memberId);
      return reply.status(204).send();
    },
  );

  app.get(
    '/team-invitations/',
    {
      schema: {
        tags: ['teams'],
        querystring: pageQuerySchema,
        response: { 200: pageSchema(teamInvitationSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listMyInvitations(ctx, currentUser(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/team-invitations/:id/accept/',
    { schema: { tags: ['teams'], params: idParamsSchema, response: { 200: teamSchema } } },
    (request) => acceptInvitation(ctx, currentUser(request), request.params.id),
  );

  app.post(
    '/team-invitations/:id/refuse/',
    { schema: { tags: ['teams'], params: idParamsSchema } },
    async (request, reply) => {
      await refuseInvitation(ctx, currentUser(request), request.params.id);
      return reply.status(204).send();
    },
  );
};
