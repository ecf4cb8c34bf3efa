import {
  cssThemeListQuerySchema,
  cssThemeSchema,
  idParamsSchema,
  notificationSettingCreateSchema,
  notificationSettingListQuerySchema,
  notificationSettingPatchSchema,
  notificationSettingSchema,
  pageHeaderCreateSchema,
  pageHeaderListQuerySchema,
  pageHeaderPatchSchema,
  pageHeaderSchema,
  pageSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { listCssThemes } from './css-themes.ts';
import {
  createSetting,
  deleteSetting,
  listSettings,
  requireSetting,
  updateSetting,
} from './notification-settings.ts';
import {
  createPageHeader,
  deletePageHeader,
  listPageHeaders,
  requirePageHeader,
  updatePageHeader,
} from './page-headers.ts';

const tags = ['intake forms'];

/** What surrounds a form: page headers, themes, and who is told about new answers. */
export const settingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/page-headers/',
    {
      schema: {
        tags,
        querystring: pageHeaderListQuerySchema,
        response: { 200: pageSchema(pageHeaderSchema) },
      },
    },
    async (request) => {
      await requireTeamAdmin(ctx, currentUser(request), request.query.team);
      const { count, results } = await listPageHeaders(ctx, request.query.team, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/page-headers/',
    { schema: { tags, body: pageHeaderCreateSchema, response: { 201: pageHeaderSchema } } },
    async (request, reply) => {
      await requireTeamAdmin(ctx, currentUser(request), request.body.team);
      return reply.status(201).send(await createPageHeader(ctx, request.body));
    },
  );

  app.patch(
    '/page-headers/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: pageHeaderPatchSchema,
        response: { 200: pageHeaderSchema },
      },
    },
    async (request) => {
      const header = await requirePageHeader(ctx, currentUser(request), request.params.id);
      return updatePageHeader(ctx, header, request.body);
    },
  );

  app.delete('/page-headers/:id/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    await deletePageHeader(ctx, await requirePageHeader(ctx, currentUser(request), request.params.id));
    return reply.status(204).send();
  });

  app.get(
    '/css-themes/',
    { schema: { tags, querystring: cssThemeListQuerySchema, response: { 200: pageSchema(cssThemeSchema) } } },
    async (request) => {
      await requireTeamAdmin(ctx, currentUser(request), request.query.team);
      const { count, results } = await listCssThemes(ctx, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.get(
    '/notification-settings/',
    {
      schema: {
        tags,
        querystring: notificationSettingListQuerySchema,
        response: { 200: pageSchema(notificationSettingSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listSettings(ctx, currentUser(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/notification-settings/',
    { schema: { tags, body: notificationSettingCreateSchema, response: { 201: notificationSettingSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createSetting(ctx, currentUser(request), request.body)),
  );

  app.patch(
    '/notification-settings/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: notificationSettingPatchSchema,
        response: { 200: notificationSettingSchema },
      },
    },
    async (request) => {
      const setting = await requireSetting(ctx, currentUser(request), request.params.id);
      return updateSetting(ctx, setting, request.body);
    },
  );

  app.delete(
    '/notification-settings/:id/',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      await deleteSetting(ctx, await requireSetting(ctx, currentUser(request), request.params.id));
      return reply.status(204).send();
    },
  );
};
