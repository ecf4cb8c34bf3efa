import {
  idParamsSchema,
  pageQuerySchema,
  pageSchema,
  tagCreateSchema,
  tagSchema,
  teamTagParamsSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { createTag, deleteTag, listTags } from './service.ts';

/** Team tags: `teams/{id}/tags/`, for the team's admins. */
export const tagRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));

  app.get(
    '/teams/:id/tags/',
    {
      schema: {
        tags: ['tags'],
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(tagSchema) },
      },
    },
    async (request) => {
      await requireTeamAdmin(ctx, currentUser(request), request.params.id);
      const { count, results } = await listTags(ctx, request.params.id, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/teams/:id/tags/',
    {
      schema: {
        tags: ['tags'],
        params: idParamsSchema,
        body: tagCreateSchema,
        response: { 201: tagSchema },
      },
    },
    async (request, reply) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.params.id);
      return reply.status(201).send(await createTag(ctx, team, request.body));
    },
  );

  app.delete(
    '/teams/:id/tags/:tagId/',
    { schema: { tags: ['tags'], params: teamTagParamsSchema } },
    async (request, reply) => {
      await requireTeamAdmin(ctx, currentUser(request), request.params.id);
      await deleteTag(ctx, { teamId: request.params.id, tagId: request.params.tagId });
      return reply.status(204).send();
    },
  );
};
