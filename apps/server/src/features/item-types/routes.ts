import {
  datumFieldCreateSchema,
  datumFieldParamsSchema,
  datumFieldPatchBodySchema,
  datumFieldSchema,
  fieldsOrderSchema,
  idParamsSchema,
  itemTypeCreateSchema,
  itemTypeListQuerySchema,
  itemTypePatchSchema,
  itemTypeSchema,
  pageSchema,
  reorderSchema,
  toLanguage,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { sendWorkbook } from '../../http/download.ts';
import { toPage } from '../../http/pagination.ts';
import { recordExport } from '../audit/record.ts';
import { writeItemsWorkbook } from './export.ts';
import {
  createDatumField,
  deleteDatumField,
  listFieldsOrder,
  reorderDatumFields,
  updateDatumField,
} from './fields.ts';
import {
  createItemType,
  deleteItemType,
  getItemType,
  listItemTypes,
  renameItemType,
  requireItemType,
} from './service.ts';

const tags = ['item types'];

/** Item types ("data models") and their fields, for the admins of the type's team. */
export const itemTypeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));

  app.get(
    '/data-models/',
    { schema: { tags, querystring: itemTypeListQuerySchema, response: { 200: pageSchema(itemTypeSchema) } } },
    async (request) => {
      await requireTeamAdmin(ctx, currentUser(request), request.query.team);
      const { count, results } = await listItemTypes(ctx, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/data-models/',
    { schema: { tags, body: itemTypeCreateSchema, response: { 201: itemTypeSchema } } },
    async (request, reply) => {
      await requireTeamAdmin(ctx, currentUser(request), request.body.team);
      return reply.status(201).send(await createItemType(ctx, request.body));
    },
  );

  app.get(
    '/data-models/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: itemTypeSchema } } },
    async (request) => {
      await requireItemType(ctx, currentUser(request), request.params.id);
      return getItemType(ctx, request.params.id);
    },
  );

  app.patch(
    '/data-models/:id/',
    {
      schema: { tags, params: idParamsSchema, body: itemTypePatchSchema, response: { 200: itemTypeSchema } },
    },
    async (request) => {
      await requireItemType(ctx, currentUser(request), request.params.id);
      return renameItemType(ctx, request.params.id, request.body);
    },
  );

  app.get(
    '/data-models/:id/export_excel/',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const user = currentUser(request);
      const { itemType } = await requireItemType(ctx, user, request.params.id);
      await recordExport(ctx.db, itemType.teamId, 'export.item_type', {}, itemType.id);
      // Streamed: the workbook is written while the items are read, never held whole in memory.
      return sendWorkbook(request, reply, {
        name: itemType.title || 'items',
        write: (output) => writeItemsWorkbook(ctx, { itemType, language: toLanguage(user.language) }, output),
      });
    },
  );

  app.delete('/data-models/:id/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    await requireItemType(ctx, currentUser(request), request.params.id);
    await deleteItemType(ctx, request.params.id);
    return reply.status(204).send();
  });

  app.post(
    '/data-models/:id/datum-fields/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: datumFieldCreateSchema,
        response: { 201: datumFieldSchema },
      },
    },
    async (request, reply) => {
      const { itemType, team } = await requireItemType(ctx, currentUser(request), request.params.id);
      return reply.status(201).send(await createDatumField(ctx, { itemType, team, input: request.body }));
    },
  );

  app.patch(
    '/data-models/:id/datum-fields/:fieldId/',
    {
      schema: {
        tags,
        params: datumFieldParamsSchema,
        body: datumFieldPatchBodySchema,
        response: { 200: datumFieldSchema },
      },
    },
    async (request) => {
      const { id, fieldId } = request.params;
      await requireItemType(ctx, currentUser(request), id);
      return updateDatumField(ctx, { itemTypeId: id, fieldId, body: request.body });
    },
  );

  app.delete(
    '/data-models/:id/datum-fields/:fieldId/',
    { schema: { tags, params: datumFieldParamsSchema } },
    async (request, reply) => {
      const { id, fieldId } = request.params;
      await requireItemType(ctx, currentUser(request), id);
      await deleteDatumField(ctx, { itemTypeId: id, fieldId });
      return reply.status(204).send();
    },
  );

  app.post(
    '/data-models/:id/reorder/',
    { schema: { tags, params: idParamsSchema, body: reorderSchema, response: { 200: fieldsOrderSchema } } },
    async (request) => {
      await requireItemType(ctx, currentUser(request), request.params.id);
      return reorderDatumFields(ctx, { itemTypeId: request.params.id, newOrders: request.body.new_orders });
    },
  );

  app.get(
    '/data-models/:id/fields_order/',
    { schema: { tags, params: idParamsSchema, response: { 200: fieldsOrderSchema } } },
    async (request) => {
      await requireItemType(ctx, currentUser(request), request.params.id);
      return listFieldsOrder(ctx.db, request.params.id);
    },
  );
};
