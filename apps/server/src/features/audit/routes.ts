import {
  auditEntrySchema,
  auditExportQuerySchema,
  auditListQuerySchema,
  idParamsSchema,
  pageSchema,
  toLanguage,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { sendDownload, sendWorkbook } from '../../http/download.ts';
import { toPage } from '../../http/pagination.ts';
import { writeAuditCsv, writeAuditWorkbook } from './export.ts';
import { auditConditions, countAuditRows, readAuditRows, toAuditEntries } from './read.ts';
import { recordExport } from './record.ts';

/** A team's audit log for its admins: read, filtered, exported; never written or changed here. */
export const auditRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const tags = ['audit'];

  app.get(
    '/teams/:id/audit-log/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: auditListQuerySchema,
        response: { 200: pageSchema(auditEntrySchema) },
      },
    },
    async (request) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.params.id);
      const where = auditConditions(team.id, request.query);
      const [rows, count] = await Promise.all([
        readAuditRows(ctx.db, where, request.query),
        countAuditRows(ctx.db, where),
      ]);
      return toPage(request, request.query, count, await toAuditEntries(ctx.db, team.id, rows));
    },
  );

  app.get(
    '/teams/:id/audit-log/export/',
    { schema: { tags, params: idParamsSchema, querystring: auditExportQuerySchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { team } = await requireTeamAdmin(ctx, user, request.params.id);
      const { format, ...filter } = request.query;
      await recordExport(ctx.db, team.id, 'export.audit_log', { format, ...filter });
      const options = {
        teamId: team.id,
        where: auditConditions(team.id, filter),
        language: toLanguage(user.language),
      };
      if (format === 'csv') {
        return sendDownload(request, reply, {
          filename: 'audit-log.csv',
          type: 'text/csv; charset=utf-8',
          write: (output) => writeAuditCsv(ctx.db, options, output),
        });
      }
      return sendWorkbook(request, reply, {
        name: 'audit-log',
        write: (output) => writeAuditWorkbook(ctx.db, options, output),
      });
    },
  );
};
