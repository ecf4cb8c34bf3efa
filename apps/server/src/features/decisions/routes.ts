import {
  decisionListQuerySchema,
  idParamsSchema,
  itemDecisionSchema,
  setDecisionsResultSchema,
  setDecisionsSchema,
  submissionStatusQuerySchema,
  submissionStatusSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { listDecisions, setDecisions } from './decisions.ts';
import { submissionStatus } from './submission-status.ts';

/** Per IP: a respondent opens their link now and then; more is someone walking ids. */
export const SUBMISSION_STATUS_RATE_LIMIT = { max: 60, timeWindow: '1 minute' } as const;

/** The team's decisions (admins), and what a respondent's edit link shows of them (the link's token). */
export const decisionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['decisions'];

  app.post(
    '/decisions/',
    {
      onRequest: requireUser(ctx),
      schema: { tags, body: setDecisionsSchema, response: { 200: setDecisionsResultSchema } },
    },
    async (request) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.body.team);
      return setDecisions(ctx, team, request.body);
    },
  );

  app.get(
    '/decisions/',
    {
      onRequest: requireUser(ctx),
      schema: { tags, querystring: decisionListQuerySchema, response: { 200: z.array(itemDecisionSchema) } },
    },
    async (request) => {
      await requireTeamAdmin(ctx, currentUser(request), request.query.team);
      return listDecisions(ctx, request.query.team, request.query.issue);
    },
  );

  app.get(
    '/form-submissions/:id/status/',
    {
      config: { rateLimit: SUBMISSION_STATUS_RATE_LIMIT },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: submissionStatusQuerySchema,
        response: { 200: submissionStatusSchema },
      },
    },
    async (request) => submissionStatus(ctx, request.params.id, request.query.token),
  );
};
