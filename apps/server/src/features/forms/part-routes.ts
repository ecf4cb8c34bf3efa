import {
  conditionCreateSchema,
  conditionItemParamsSchema,
  conditionParamsSchema,
  conditionSchema,
  formSectionCreateSchema,
  formSectionPatchSchema,
  formSectionSchema,
  idParamsSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser } from '../../http/auth.ts';
import { requireItemType } from '../item-types/service.ts';
import { requireForm } from './access.ts';
import { createCondition, deleteCondition } from './conditions.ts';
import { createSection, deleteSection, requireSection, updateSection } from './sections.ts';

const tags = ['intake forms'];

/** The parts of a form's layout: section titles and the conditions that show or hide questions. */
export const partRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/form-titles/',
    { schema: { tags, body: formSectionCreateSchema, response: { 201: formSectionSchema } } },
    async (request, reply) => {
      const { form } = await requireForm(ctx, currentUser(request), request.body.form);
      return reply.status(201).send(await createSection(ctx, form, request.body));
    },
  );

  app.patch(
    '/form-titles/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: formSectionPatchSchema,
        response: { 200: formSectionSchema },
      },
    },
    async (request) => {
      const found = await requireSection(ctx, currentUser(request), request.params.id);
      return updateSection(ctx, found, request.body);
    },
  );

  app.delete('/form-titles/:id/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const { section } = await requireSection(ctx, currentUser(request), request.params.id);
    await deleteSection(ctx, section);
    return reply.status(204).send();
  });

  app.post(
    '/data-models/:id/datum-fields/:fieldId/conditions/',
    {
      schema: {
        tags,
        params: conditionParamsSchema,
        body: conditionCreateSchema,
        response: { 201: conditionSchema },
      },
    },
    async (request, reply) => {
      const { itemType } = await requireItemType(ctx, currentUser(request), request.params.id);
      const condition = await createCondition(ctx, {
        itemType,
        fieldId: request.params.fieldId,
        input: request.body,
      });
      return reply.status(201).send(condition);
    },
  );

  app.delete(
    '/data-models/:id/datum-fields/:fieldId/conditions/:conditionId/',
    { schema: { tags, params: conditionItemParamsSchema } },
    async (request, reply) => {
      const { id, fieldId, conditionId } = request.params;
      const { itemType } = await requireItemType(ctx, currentUser(request), id);
      await deleteCondition(ctx, { itemType, fieldId, conditionId });
      return reply.status(204).send();
    },
  );
};
