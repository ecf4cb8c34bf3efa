import {
  AFFINITY_CSV_MAX_LENGTH,
  affinitiesQuerySchema,
  affinitySchema,
  affinityUploadResultSchema,
  affinityUploadSchema,
  assignmentPairSchema,
  assignmentPairsQuerySchema,
  assignmentPatchSchema,
  assignmentQualityReplySchema,
  biddingPutSchema,
  biddingRemindResultSchema,
  biddingRemindSchema,
  biddingSchema,
  idParamsSchema,
  pageSchema,
  plannerQuerySchema,
  plannerSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { deleteAffinities, listAffinities, uploadAffinities } from './affinities.ts';
import { saveSettings } from './affinity-matrix.ts';
import { remindBidding } from './bidding-reminder.ts';
import { biddingStatus } from './bids.ts';
import { currentQuality, listPairs, patchPairs } from './pairs.ts';
import { planJudges } from './planner.ts';

/** The CSV travels as JSON text: its limit, with room for escapes. */
const AFFINITY_BODY_LIMIT_BYTES = AFFINITY_CSV_MAX_LENGTH + 1024 * 1024;

/** The admin's side of the assignment by expertise: bidding deadline, uploaded affinities, pairs by hand. */
export const assignmentAdminRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const tags = ['assignment'];
  const params = idParamsSchema;

  app.put(
    '/issues/:id/bidding/',
    { schema: { tags, params, body: biddingPutSchema, response: { 200: biddingSchema } } },
    async (request) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      const { deadline } = request.body;
      await saveSettings(ctx.db, issue.id, { biddingDeadline: deadline ? new Date(deadline) : null });
      return biddingStatus(ctx, issue.id);
    },
  );

  app.post(
    '/issues/:id/bidding/remind/',
    { schema: { tags, params, body: biddingRemindSchema, response: { 200: biddingRemindResultSchema } } },
    async (request) =>
      remindBidding(ctx, await requireIssueAdmin(ctx, currentUser(request), request.params.id), request.body),
  );

  app.post(
    '/issues/:id/affinities/',
    {
      bodyLimit: AFFINITY_BODY_LIMIT_BYTES,
      schema: { tags, params, body: affinityUploadSchema, response: { 200: affinityUploadResultSchema } },
    },
    async (request) =>
      uploadAffinities(
        ctx,
        await requireIssueAdmin(ctx, currentUser(request), request.params.id),
        request.body.csv,
      ),
  );
  app.get(
    '/issues/:id/affinities/',
    {
      schema: {
        tags,
        params,
        querystring: affinitiesQuerySchema,
        response: { 200: pageSchema(affinitySchema) },
      },
    },
    async (request) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      const { count, results } = await listAffinities(ctx, issue, request.query);
      return toPage(request, request.query, count, results);
    },
  );
  app.delete('/issues/:id/affinities/', { schema: { tags, params } }, async (request, reply) => {
    await deleteAffinities(ctx, await requireIssueAdmin(ctx, currentUser(request), request.params.id));
    return reply.status(204).send();
  });

  app.get(
    '/issues/:id/assignment/',
    {
      schema: {
        tags,
        params,
        querystring: assignmentPairsQuerySchema,
        response: { 200: pageSchema(assignmentPairSchema) },
      },
    },
    async (request) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      const { count, results } = await listPairs(ctx, issue, request.query);
      return toPage(request, request.query, count, results);
    },
  );
  app.get(
    '/issues/:id/judges_planner/',
    { schema: { tags, params, querystring: plannerQuerySchema, response: { 200: plannerSchema } } },
    async (request) =>
      planJudges(
        ctx,
        await requireIssueAdmin(ctx, currentUser(request), request.params.id),
        request.query.target,
      ),
  );
  app.get(
    '/issues/:id/assignment/quality/',
    { schema: { tags, params, response: { 200: assignmentQualityReplySchema } } },
    async (request) =>
      currentQuality(ctx, await requireIssueAdmin(ctx, currentUser(request), request.params.id)),
  );
  app.patch(
    '/issues/:id/assignment/',
    {
      schema: { tags, params, body: assignmentPatchSchema, response: { 200: assignmentQualityReplySchema } },
    },
    async (request) =>
      patchPairs(ctx, await requireIssueAdmin(ctx, currentUser(request), request.params.id), request.body),
  );
};
