import {
  idParamsSchema,
  mergeCreateSchema,
  mergeExportWithTopKQuerySchema,
  mergeListQuerySchema,
  mergePatchSchema,
  mergeResultsQuerySchema,
  mergeResultsSchema,
  mergeSchema,
  pageSchema,
  toLanguage,
} from '@shortlist/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { sendWorkbook } from '../../http/download.ts';
import { toPage } from '../../http/pagination.ts';
import { JSON_TYPE } from '../../http/raw-json.ts';
import { recordExport } from '../audit/record.ts';
import { getMergeTopK } from '../top-k/service.ts';
import { requireMerge, requireMergeTeam } from './access.ts';
import { writeMergeWorkbook } from './export.ts';
import { getMergeResults, getMergeResultsJson } from './results.ts';
import { createMerge, deleteMerge, getMerge, listMerges, updateMerge } from './service.ts';

const tags = ['merges'];

/** Selection merges of a team, gated by the package's can_merge_issues. */
export const mergeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));

  app.get(
    '/issues-merge/',
    { schema: { tags, querystring: mergeListQuerySchema, response: { 200: pageSchema(mergeSchema) } } },
    async (request) => {
      await requireMergeTeam(ctx, currentUser(request), request.query.team);
      const { count, results } = await listMerges(ctx, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/issues-merge/',
    { schema: { tags, body: mergeCreateSchema, response: { 201: mergeSchema } } },
    async (request, reply) => {
      const team = await requireMergeTeam(ctx, currentUser(request), request.body.team);
      return reply.status(201).send(await createMerge(ctx, { team, input: request.body }));
    },
  );

  app.get(
    '/issues-merge/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: mergeSchema } } },
    async (request) => {
      const { merge } = await requireMerge(ctx, currentUser(request), request.params.id);
      return getMerge(ctx, merge);
    },
  );

  app.patch(
    '/issues-merge/:id/',
    { schema: { tags, params: idParamsSchema, body: mergePatchSchema, response: { 200: mergeSchema } } },
    async (request) => {
      const { merge, team } = await requireMerge(ctx, currentUser(request), request.params.id);
      return updateMerge(ctx, { team, merge, patch: request.body });
    },
  );

  app.delete('/issues-merge/:id/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const { merge } = await requireMerge(ctx, currentUser(request), request.params.id);
    await deleteMerge(ctx, merge);
    return reply.status(204).send();
  });

  app.get(
    '/issues-merge/:id/results/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: mergeResultsQuerySchema,
        response: { 200: mergeResultsSchema },
      },
    },
    async (request, reply) => {
      const { merge } = await requireMerge(ctx, currentUser(request), request.params.id);
      const json = await getMergeResultsJson(ctx, await getMerge(ctx, merge), {
        normalised: request.query.normalised,
      });
      // JSON text built in SQL, sent as is (like report_summary, decision 51).
      return (reply as FastifyReply).type(JSON_TYPE).send(json);
    },
  );

  app.get(
    '/issues-merge/:id/export_excel/',
    { schema: { tags, params: idParamsSchema, querystring: mergeExportWithTopKQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { merge } = await requireMerge(ctx, user, request.params.id);
      await recordExport(ctx.db, merge.teamId, 'export.merge', request.query, merge.id);
      const { normalised, k } = request.query;
      const full = await getMerge(ctx, merge);
      const results = await getMergeResults(ctx, full, { normalised });
      const topK = k === undefined ? undefined : await getMergeTopK(ctx, full, { normalised, k });
      return sendWorkbook(request, reply, {
        name: `${merge.title} - merge`,
        write: (output) => writeMergeWorkbook(results, { language: toLanguage(user.language), topK }, output),
      });
    },
  );
};
