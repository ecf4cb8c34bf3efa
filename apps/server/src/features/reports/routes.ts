import {
  idParamsSchema,
  reportDatasetDetailsSchema,
  reportDatasetQuerySchema,
  reportDistributionQuerySchema,
  reportDistributionsSchema,
  reportExportWithTopKQuerySchema,
  reportQuerySchema,
  reportSummarySchema,
  reportSummaryUserSchema,
  reportUserQuerySchema,
  toLanguage,
} from '@shortlist/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIssueAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { sendWorkbook } from '../../http/download.ts';
import { JSON_TYPE } from '../../http/raw-json.ts';
import { recordExport } from '../audit/record.ts';
import { getDatasetDetails, getUserReport } from './details.ts';
import { writeReportWorkbook } from './export.ts';
import { getReportDistributions, getReportSummaryJson } from './summary.ts';

const tags = ['reports'];

/** The report of a selection, for the admins of its team. */
export const reportRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));

  app.get(
    '/issues/:id/report_summary/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: reportQuerySchema,
        response: { 200: reportSummarySchema },
      },
    },
    async (request, reply) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      // JSON text built in SQL, sent as is: Fastify serialises no string of a JSON content type, and the
      // schema's typed send takes objects only (decision 51).
      const json = await getReportSummaryJson(ctx, { issue, filters: request.query });
      return (reply as FastifyReply).type(JSON_TYPE).send(json);
    },
  );

  app.get(
    '/issues/:id/report_distribution/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: reportDistributionQuerySchema,
        response: { 200: reportDistributionsSchema },
      },
    },
    async (request) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      const { datasets, ...filters } = request.query;
      return getReportDistributions(ctx, { issue, datasetIds: datasets, filters });
    },
  );

  app.get(
    '/issues/:id/report_dataset/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: reportDatasetQuerySchema,
        response: { 200: reportDatasetDetailsSchema },
      },
    },
    async (request) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      const { dataset, only_verified_emails } = request.query;
      return getDatasetDetails(ctx, { issue, datasetId: dataset, onlyVerifiedEmails: only_verified_emails });
    },
  );

  app.get(
    '/issues/:id/report_summary_user/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: reportUserQuerySchema,
        response: { 200: reportSummaryUserSchema },
      },
    },
    async (request) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      return getUserReport(ctx, { issue, userId: request.query.user });
    },
  );

  app.get(
    '/issues/:id/export_excel/',
    { schema: { tags, params: idParamsSchema, querystring: reportExportWithTopKQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const issue = await requireIssueAdmin(ctx, user, request.params.id);
      const { include_dataset, k, ...filters } = request.query;
      await recordExport(ctx.db, issue.teamId, 'export.report', request.query, issue.id);
      const language = toLanguage(user.language);
      // Streamed: the workbook is written while the report is read, never held whole in memory.
      return sendWorkbook(request, reply, {
        name: `${issue.title} - report`,
        write: (output) =>
          writeReportWorkbook(
            ctx,
            { issue, filters, includeDataset: include_dataset ?? false, language, k },
            output,
          ),
      });
    },
  );
};
