import {
  conflictCreateSchema,
  conflictDeleteQuerySchema,
  conflictSchema,
  conflictsQuerySchema,
  idParamsSchema,
  issueTokenQuerySchema,
  pageSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { toPage } from '../../http/pagination.ts';
import { callerOnRequest } from './answerer.ts';
import { clearConflict, declareConflict, listConflicts, resolveConflictCaller } from './conflicts.ts';

/**
 * Conflicts of interest (docs/judging.md). A judge calls with the personal link's token (`?token=`) or
 * signed in, for themselves; a team admin signed in, for any judge of the selection.
 */
export const conflictRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['judging'];
  const caller = callerOnRequest(ctx, resolveConflictCaller);

  app.get(
    '/issues/:id/conflicts/',
    {
      onRequest: caller.onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: conflictsQuerySchema,
        response: { 200: pageSchema(conflictSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listConflicts(ctx, caller.of(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/issues/:id/conflicts/',
    {
      onRequest: caller.onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        body: conflictCreateSchema,
        response: { 201: conflictSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await declareConflict(ctx, caller.of(request), request.body)),
  );

  app.delete(
    '/issues/:id/conflicts/',
    {
      onRequest: caller.onRequest,
      schema: { tags, params: idParamsSchema, querystring: conflictDeleteQuerySchema },
    },
    async (request, reply) => {
      await clearConflict(ctx, caller.of(request), request.query);
      return reply.status(204).send();
    },
  );
};
