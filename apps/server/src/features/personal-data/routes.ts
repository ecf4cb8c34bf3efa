import {
  idParamsSchema,
  personalDataErasureSchema,
  personalDataRequestSchema,
  toLanguage,
} from '@shortlist/contract';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireSuperuser, requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { sendPersonArchive } from './archive.ts';
import { erasePersonalData, exportPersonalData } from './service.ts';

/**
 * Personal data on request (issue 29, point 5): a team's admins export or erase what the team holds about
 * an address; a superuser does so across every team at `/personal-data/…`.
 */
export const personalDataRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const tags = ['personal data'];
  const body = personalDataRequestSchema;

  /** The team of the path for its admin; every team (null) for a superuser at the site's path. */
  async function scopeOf(request: FastifyRequest<{ Params: { id?: number } }>) {
    const user = currentUser(request);
    if (request.params.id !== undefined)
      return (await requireTeamAdmin(ctx, user, request.params.id)).team.id;
    requireSuperuser(user, 'Only a site administrator can answer a request for every team.');
    return null;
  }

  async function sendExport(request: FastifyRequest<{ Params: { id?: number } }>, reply: FastifyReply) {
    const teamId = await scopeOf(request);
    const { email } = request.body as { email: string };
    const language = toLanguage(currentUser(request).language);
    const exported = await exportPersonalData(ctx, { email, teamId, language });
    return sendPersonArchive(request, reply, { files: ctx.files, ...exported });
  }

  async function erase(request: FastifyRequest<{ Params: { id?: number } }>) {
    const teamId = await scopeOf(request);
    return erasePersonalData(ctx, { email: (request.body as { email: string }).email, teamId });
  }

  const erased = { 200: personalDataErasureSchema };
  app.post(
    '/teams/:id/personal-data/export/',
    { schema: { tags, params: idParamsSchema, body } },
    sendExport,
  );
  app.post(
    '/teams/:id/personal-data/erase/',
    { schema: { tags, params: idParamsSchema, body, response: erased } },
    erase,
  );
  app.post('/personal-data/export/', { schema: { tags, body } }, sendExport);
  app.post('/personal-data/erase/', { schema: { tags, body, response: erased } }, erase);
};
