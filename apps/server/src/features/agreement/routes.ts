import { agreementQuerySchema, agreementSchema, idParamsSchema } from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toValueFilters } from '../reports/summary.ts';
import { getAgreement } from './service.ts';

const tags = ['reports'];

/** Agreement between the judges of a selection, for the admins of its team, under the report's filters. */
export const agreementRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));

  app.get(
    '/issues/:id/agreement/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: agreementQuerySchema,
        response: { 200: agreementSchema },
      },
    },
    async (request) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      return getAgreement(ctx, issue, toValueFilters(request.query));
    },
  );
};
