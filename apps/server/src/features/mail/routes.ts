import { outboxMessageSchema, pageQuerySchema, pageSchema } from '@shortlist/contract';
import { count, desc } from 'drizzle-orm';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSuperuser } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { outboxMessages } from '../../db/schema/index.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';

/** The built-in outbox, readable by superusers only. */
export const outboxRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/outbox/',
    {
      onRequest: requireUser(ctx),
      schema: {
        tags: ['outbox'],
        querystring: pageQuerySchema,
        response: { 200: pageSchema(outboxMessageSchema) },
      },
    },
    async (request) => {
      requireSuperuser(currentUser(request));
      const query = request.query;
      const [rows, [total]] = await Promise.all([
        ctx.db
          .select()
          .from(outboxMessages)
          .orderBy(desc(outboxMessages.id))
          .limit(query.limit)
          .offset(query.offset),
        ctx.db.select({ n: count() }).from(outboxMessages),
      ]);
      const results = rows.map((row) => ({ ...row, create_time: row.createTime.toISOString() }));
      return toPage(request, query, total?.n ?? 0, results);
    },
  );
};
