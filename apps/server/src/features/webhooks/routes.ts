import {
  idParamsSchema,
  pageQuerySchema,
  pageSchema,
  teamPageQuerySchema,
  webhookCreateSchema,
  webhookDeliverySchema,
  webhookPatchSchema,
  webhookSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { requestLanguage } from '../../http/reply-language.ts';
import {
  createWebhook,
  deleteWebhook,
  listDeliveries,
  listWebhooks,
  pingWebhook,
  requireWebhook,
  updateWebhook,
} from './service.ts';

/** A team's outgoing webhooks and their delivery log: `webhooks/`, for the team's admins. */
export const webhookRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const tags = ['webhooks'];

  app.get(
    '/webhooks/',
    { schema: { tags, querystring: teamPageQuerySchema, response: { 200: pageSchema(webhookSchema) } } },
    async (request) => {
      await requireTeamAdmin(ctx, currentUser(request), request.query.team);
      const { count, results } = await listWebhooks(ctx, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/webhooks/',
    { schema: { tags, body: webhookCreateSchema, response: { 201: webhookSchema } } },
    async (request, reply) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.body.team);
      return reply.status(201).send(await createWebhook(ctx, team, request.body));
    },
  );

  app.patch(
    '/webhooks/:id/',
    { schema: { tags, params: idParamsSchema, body: webhookPatchSchema, response: { 200: webhookSchema } } },
    async (request) =>
      updateWebhook(ctx, await requireWebhook(ctx, currentUser(request), request.params.id), request.body),
  );

  app.delete('/webhooks/:id/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    await deleteWebhook(ctx, await requireWebhook(ctx, currentUser(request), request.params.id));
    return reply.status(204).send();
  });

  app.post('/webhooks/:id/test/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    await pingWebhook(ctx, await requireWebhook(ctx, currentUser(request), request.params.id));
    return reply.status(202).send({ detail: 'Queued.' });
  });

  app.get(
    '/webhooks/:id/deliveries/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: pageQuerySchema,
        response: { 200: pageSchema(webhookDeliverySchema) },
      },
    },
    async (request) => {
      const webhook = await requireWebhook(ctx, currentUser(request), request.params.id);
      const { count, results } = await listDeliveries(ctx, webhook, request.query, requestLanguage(request));
      return toPage(request, request.query, count, results);
    },
  );
};
