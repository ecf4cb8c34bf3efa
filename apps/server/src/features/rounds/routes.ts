import { idParamsSchema, itemPathSchema, promoteBodySchema, promoteResultSchema } from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { requireDataset } from '../items/datasets.ts';
import { requireMerge } from '../merges/access.ts';
import { getMerge } from '../merges/service.ts';
import { getItemPath } from './path.ts';
import { mergeIssues, promoteItems } from './promote.ts';

/** Promotion to the next round, from a selection's report or a merge's results, and an item's path. */
export const roundRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const tags = ['rounds'];
  const promoteSchema = {
    tags,
    params: idParamsSchema,
    body: promoteBodySchema,
    response: { 200: promoteResultSchema },
  };

  app.post('/issues/:id/promote/', { schema: promoteSchema }, async (request) => {
    const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
    return promoteItems(ctx, { type: 'selection', issue }, request.body);
  });

  app.post('/issues-merge/:id/promote/', { schema: promoteSchema }, async (request) => {
    const { merge: row } = await requireMerge(ctx, currentUser(request), request.params.id);
    const merge = await getMerge(ctx, row);
    return promoteItems(ctx, { type: 'merge', merge, issues: await mergeIssues(ctx, merge) }, request.body);
  });

  app.get(
    '/datasets/:id/path/',
    { schema: { tags, params: idParamsSchema, response: { 200: itemPathSchema } } },
    async (request) => {
      const dataset = await requireDataset(ctx, currentUser(request), request.params.id);
      return getItemPath(ctx, dataset.id);
    },
  );
};
