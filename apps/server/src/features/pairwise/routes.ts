import {
  idParamsSchema,
  issueTokenQuerySchema,
  pairwiseReportSchema,
  pairwiseStateSchema,
  pairwiseVoteSchema,
  toLanguage,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { sendWorkbook } from '../../http/download.ts';
import { recordExport } from '../audit/record.ts';
import { callerOnRequest, resolveAnswerer } from '../judging/answerer.ts';
import { writePairwiseWorkbook } from './export.ts';
import { loadPairwiseReport } from './report.ts';
import { loadPairwiseState, votePairwise } from './service.ts';

/**
 * Pairwise judging (docs/judging.md): the judge's pair and their votes, by the personal link's token or
 * signed in, as the answer page; the report for the selection's admins.
 */
export const pairwiseRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  // The judge's routes share judging's tag: the blind-review test calls every route of that tag.
  const judgeTags = ['judging'];
  const tags = ['pairwise'];
  const judge = callerOnRequest(ctx, resolveAnswerer);
  app.get(
    '/issues/:id/pairwise/',
    {
      onRequest: judge.onRequest,
      schema: {
        tags: judgeTags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        response: { 200: pairwiseStateSchema },
      },
    },
    async (request) => loadPairwiseState(ctx, judge.of(request)),
  );
  app.post(
    '/issues/:id/pairwise/vote/',
    {
      onRequest: judge.onRequest,
      schema: {
        tags: judgeTags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        body: pairwiseVoteSchema,
        response: { 200: pairwiseStateSchema },
      },
    },
    async (request) => votePairwise(ctx, judge.of(request), request.body),
  );
  app.get(
    '/issues/:id/pairwise/report/',
    {
      onRequest: requireUser(ctx),
      schema: { tags, params: idParamsSchema, response: { 200: pairwiseReportSchema } },
    },
    async (request) =>
      loadPairwiseReport(ctx, await requireIssueAdmin(ctx, currentUser(request), request.params.id)),
  );
  app.get(
    '/issues/:id/pairwise/report/export/',
    { onRequest: requireUser(ctx), schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const issue = await requireIssueAdmin(ctx, user, request.params.id);
      const report = await loadPairwiseReport(ctx, issue);
      await recordExport(ctx.db, issue.teamId, 'export.report', { pairwise: true }, issue.id);
      return sendWorkbook(request, reply, {
        name: `${issue.title} - pairwise report`,
        write: (output) => writePairwiseWorkbook(report, toLanguage(user.language), output),
      });
    },
  );
};
