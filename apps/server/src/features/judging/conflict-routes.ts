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
import { loadUser, type UserRow } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { callerBeforeBody } from './answerer.ts';
import { clearConflict, declareConflict, listConflicts, resolveConflictCaller } from './conflicts.ts';

/**
 * Conflicts of interest (docs/judging.md). A judge calls with the personal link's token (`?token=`) or
 * signed in, for themselves; a team admin signed in, for any judge of the selection.
 */
export const conflictRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['judging'];
  const callerOf = (request: { params: { id: number }; query: { token?: string }; user: UserRow | null }) =>
    resolveConflictCaller(ctx, {
      issueId: request.params.id,
      token: request.query.token,
      user: request.user,
    });
  // A declaration's body and a clearing's query are read once the caller is known.
  const earlyCaller = callerBeforeBody(ctx, resolveConflictCaller);

  app.get(
    '/issues/:id/conflicts/',
    {
      preHandler: loadUser(ctx),
      schema: {
        tags,
        params: idParamsSchema,
        querystring: conflictsQuerySchema,
        response: { 200: pageSchema(conflictSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listConflicts(ctx, await callerOf(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/issues/:id/conflicts/',
    {
      onRequest: earlyCaller.onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        body: conflictCreateSchema,
        response: { 201: conflictSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await declareConflict(ctx, await earlyCaller.of(request), request.body)),
  );

  app.delete(
    '/issues/:id/conflicts/',
    {
      onRequest: earlyCaller.onRequest,
      schema: { tags, params: idParamsSchema, querystring: conflictDeleteQuerySchema },
    },
    async (request, reply) => {
      await clearConflict(ctx, await earlyCaller.of(request), request.query);
      return reply.status(204).send();
    },
  );
};
