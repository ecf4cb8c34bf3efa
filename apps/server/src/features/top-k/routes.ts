import { idParamsSchema, mergeTopKQuerySchema, topKQuerySchema, topKSchema } from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { requireMerge } from '../merges/access.ts';
import { getMerge } from '../merges/service.ts';
import { getIssueTopK, getMergeTopK } from './service.ts';

const tags = ['reports'];

/** How sure a report's or a merge's top k is (docs/judging.md), for the admins of its team. */
export const topKRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));

  app.get(
    '/issues/:id/top-k/',
    { schema: { tags, params: idParamsSchema, querystring: topKQuerySchema, response: { 200: topKSchema } } },
    async (request) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      const { k, seed, ...filters } = request.query;
      return getIssueTopK(ctx, issue, filters, { k, seed });
    },
  );

  app.get(
    '/issues-merge/:id/top-k/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: mergeTopKQuerySchema,
        response: { 200: topKSchema },
      },
    },
    async (request) => {
      const { merge } = await requireMerge(ctx, currentUser(request), request.params.id);
      const { k, seed, normalised } = request.query;
      return getMergeTopK(ctx, await getMerge(ctx, merge), { k, seed, normalised });
    },
  );
};
