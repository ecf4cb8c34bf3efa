import {
  idParamsSchema,
  pageSchema,
  teamCreateSchema,
  teamListQuerySchema,
  teamPatchSchema,
  teamSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSuperuser } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { createTeamAsAdmin, getTeam, listTeams, updateTeam } from './service.ts';

export const teamRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));

  app.get(
    '/teams/',
    {
      schema: {
        tags: ['teams'],
        querystring: teamListQuerySchema,
        response: { 200: pageSchema(teamSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listTeams(ctx, currentUser(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/teams/',
    { schema: { tags: ['teams'], body: teamCreateSchema, response: { 201: teamSchema } } },
    async (request, reply) => {
      requireSuperuser(currentUser(request), 'Only a site administrator can create a team.');
      return reply.status(201).send(await createTeamAsAdmin(ctx, currentUser(request), request.body));
    },
  );

  app.get(
    '/teams/:id/',
    { schema: { tags: ['teams'], params: idParamsSchema, response: { 200: teamSchema } } },
    (request) => getTeam(ctx, currentUser(request), request.params.id),
  );

  app.patch(
    '/teams/:id/',
    {
      schema: {
        tags: ['teams'],
        params: idParamsSchema,
        body: teamPatchSchema,
        response: { 200: teamSchema },
      },
    },
    (request) => updateTeam(ctx, currentUser(request), request.params.id, request.body),
  );
};
