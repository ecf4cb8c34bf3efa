import {
  dashboardDataSchema,
  dashboardQuerySchema,
  usageDataSchema,
  usageQuerySchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSuperuser, requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { readDashboard, readUsage } from './service.ts';

/** The spec's `custom/` reads: the team dashboard (its admins) and the site usage page (superusers). */
export const dashboardRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/custom/dashboard_data',
    {
      onRequest: requireUser(ctx),
      schema: {
        tags: ['dashboard'],
        querystring: dashboardQuerySchema,
        response: { 200: dashboardDataSchema },
      },
    },
    async (request) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.query.team_id);
      return readDashboard(ctx, team.id);
    },
  );

  app.get(
    '/custom/usage_data',
    {
      onRequest: requireUser(ctx),
      schema: { tags: ['dashboard'], querystring: usageQuerySchema, response: { 200: usageDataSchema } },
    },
    async (request) => {
      requireSuperuser(currentUser(request));
      const { from, toDate, team_id } = request.query;
      return readUsage(ctx, { from, toDate, teamId: team_id });
    },
  );
};
