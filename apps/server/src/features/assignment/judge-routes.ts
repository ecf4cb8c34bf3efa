import {
  bidCreateSchema,
  bidDeleteQuerySchema,
  biddingSchema,
  bidItemSchema,
  bidItemsQuerySchema,
  bidSchema,
  bidsQuerySchema,
  expertisePutSchema,
  expertiseQuerySchema,
  expertiseSchema,
  expertiseSeedResultSchema,
  expertiseSeedSchema,
  idParamsSchema,
  issueTokenQuerySchema,
  pageSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { toPage } from '../../http/pagination.ts';
import { callerOnRequest } from '../judging/answerer.ts';
import { resolveConflictCaller } from '../judging/conflicts.ts';
import { biddingStatus, listBidItems, listBids, placeBid, withdrawBid } from './bids.ts';
import { listExpertise, putExpertise, seedExpertise } from './expertise.ts';

/**
 * A judge's side of the assignment by expertise (docs/judging.md): their expertise and bids, with the
 * personal link's token (`?token=`) or signed in; a team admin signed in, for any judge of the selection.
 * Another team's selection, or a wrong token, answers 404.
 */
export const assignmentJudgeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['assignment'];
  const caller = callerOnRequest(ctx, resolveConflictCaller);
  const onRequest = caller.onRequest;

  app.get(
    '/issues/:id/expertise/',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: expertiseQuerySchema,
        response: { 200: pageSchema(expertiseSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listExpertise(ctx, caller.of(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );
  app.put(
    '/issues/:id/expertise/',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        body: expertisePutSchema,
        response: { 200: expertiseSchema },
      },
    },
    async (request) => putExpertise(ctx, caller.of(request), request.body),
  );
  app.post(
    '/issues/:id/expertise/seed/',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        body: expertiseSeedSchema,
        response: { 200: expertiseSeedResultSchema },
      },
    },
    async (request) => seedExpertise(ctx, caller.of(request), request.body),
  );

  app.get(
    '/issues/:id/bids/',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: bidsQuerySchema,
        response: { 200: pageSchema(bidSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listBids(ctx, caller.of(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );
  app.post(
    '/issues/:id/bids/',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        body: bidCreateSchema,
        response: { 201: bidSchema },
      },
    },
    async (request, reply) => reply.status(201).send(await placeBid(ctx, caller.of(request), request.body)),
  );
  app.delete(
    '/issues/:id/bids/',
    { onRequest, schema: { tags, params: idParamsSchema, querystring: bidDeleteQuerySchema } },
    async (request, reply) => {
      await withdrawBid(ctx, caller.of(request), request.query);
      return reply.status(204).send();
    },
  );
  app.get(
    '/issues/:id/bid_items/',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: bidItemsQuerySchema,
        response: { 200: pageSchema(bidItemSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listBidItems(ctx, caller.of(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );
  app.get(
    '/issues/:id/bidding/',
    {
      onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        response: { 200: biddingSchema },
      },
    },
    async (request) => biddingStatus(ctx, caller.of(request).issue.id),
  );
};
