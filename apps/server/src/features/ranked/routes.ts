import { idParamsSchema, rankedReportQuerySchema, rankedReportSchema, toLanguage } from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { sendWorkbook } from '../../http/download.ts';
import { recordExport } from '../audit/record.ts';
import { writeRankedWorkbook } from './export.ts';
import { getRankedReport } from './report.ts';

const tags = ['reports'];

/** The report of a ranked selection (Borda and Schulze), for the admins of its team. */
export const rankedRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));

  app.get(
    '/issues/:id/ranked_report/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: rankedReportQuerySchema,
        response: { 200: rankedReportSchema },
      },
    },
    async (request) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      return getRankedReport(ctx, issue, request.query);
    },
  );

  app.get(
    '/issues/:id/ranked_export/',
    { schema: { tags, params: idParamsSchema, querystring: rankedReportQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const issue = await requireIssueAdmin(ctx, user, request.params.id);
      // The whole report first: a refusal (not a ranked selection) is then a 400, not a cut download.
      const report = await getRankedReport(ctx, issue, request.query);
      // The report's own export entry, told apart by what was exported.
      await recordExport(ctx.db, issue.teamId, 'export.report', { ranked: true, ...request.query }, issue.id);
      return sendWorkbook(request, reply, {
        name: `${issue.title} - ranked report`,
        write: (output) => writeRankedWorkbook(report, toLanguage(user.language), output),
      });
    },
  );
};
