import {
  idParamsSchema,
  intakeFormCreateSchema,
  intakeFormListQuerySchema,
  intakeFormPatchSchema,
  intakeFormSchema,
  intakeFormSummarySchema,
  pageSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { requireForm } from './access.ts';
import { ensureBuiltInThemes } from './css-themes.ts';
import { duplicateIntakeForm } from './duplicate.ts';
import { createIntakeForm, deleteIntakeForm, listIntakeForms } from './intake-forms.ts';
import { partRoutes } from './part-routes.ts';
import { toIntakeForm } from './replies.ts';
import { settingRoutes } from './setting-routes.ts';
import { updateIntakeForm } from './update-form.ts';

const tags = ['intake forms'];

/** Intake forms, admin side: the forms, their sections and conditions, headers, themes, notifications. */
export const formRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await ensureBuiltInThemes(ctx.db);
  app.addHook('onRequest', requireUser(ctx));
  await app.register(partRoutes, { ctx });
  await app.register(settingRoutes, { ctx });

  app.get(
    '/intake-forms/',
    {
      schema: {
        tags,
        querystring: intakeFormListQuerySchema,
        response: { 200: pageSchema(intakeFormSummarySchema) },
      },
    },
    async (request) => {
      await requireTeamAdmin(ctx, currentUser(request), request.query.data_model__team);
      const { count, results } = await listIntakeForms(ctx, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/intake-forms/',
    { schema: { tags, body: intakeFormCreateSchema, response: { 201: intakeFormSchema } } },
    async (request, reply) => {
      await requireTeamAdmin(ctx, currentUser(request), request.body.team);
      return reply.status(201).send(await createIntakeForm(ctx, request.body));
    },
  );

  app.get(
    '/intake-forms/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: intakeFormSchema } } },
    async (request) => {
      const { form } = await requireForm(ctx, currentUser(request), request.params.id);
      return toIntakeForm(ctx, form);
    },
  );

  app.patch(
    '/intake-forms/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: intakeFormPatchSchema,
        response: { 200: intakeFormSchema },
      },
    },
    async (request) => {
      const { form } = await requireForm(ctx, currentUser(request), request.params.id);
      return updateIntakeForm(ctx, form, request.body);
    },
  );

  app.delete('/intake-forms/:id/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const { form } = await requireForm(ctx, currentUser(request), request.params.id);
    await deleteIntakeForm(ctx, form);
    return reply.status(204).send();
  });

  app.post(
    '/intake-forms/:id/duplicate/',
    { schema: { tags, params: idParamsSchema, response: { 201: intakeFormSchema } } },
    async (request, reply) => {
      const { form } = await requireForm(ctx, currentUser(request), request.params.id);
      return reply.status(201).send(await duplicateIntakeForm(ctx, form));
    },
  );
};
