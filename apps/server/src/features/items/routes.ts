import multipart from '@fastify/multipart';
import {
  datasetCreateBodySchema,
  datasetIdsSchema,
  datasetListQuerySchema,
  datasetPageSchema,
  datasetPatchSchema,
  datasetSchema,
  datasetsDeleteManySchema,
  datasetValidateBodySchema,
  datasetValidationSchema,
  datumValueCreateSchema,
  datumValuePatchSchema,
  datumValueSchema,
  FILE_MAX_SIZE_CAP_BYTES,
  fileParamsSchema,
  fileQuerySchema,
  idParamsSchema,
  toLanguage,
} from '@shortlist/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { sendWorkbook } from '../../http/download.ts';
import { toPage } from '../../http/pagination.ts';
import { JSON_TYPE, stringifyWithRaw } from '../../http/raw-json.ts';
import { requestLanguage } from '../../http/reply-language.ts';
import { recordExport } from '../audit/record.ts';
import { listDatasetIdsJson, listDatasets } from './dataset-list.ts';
import {
  createDatasets,
  deleteDatasets,
  requireDataset,
  requireDatasetReply,
  updateDataset,
} from './datasets.ts';
import { createDatumValue, deleteDatumValue, requireDatumValue, updateDatumValue } from './datum-values.ts';
import { openDatasetsExport } from './export.ts';
import { sendFile, uploadFile } from './uploads.ts';
import { validateDatasets } from './validate-datasets.ts';

/** A bulk create of DATASETS_BULK_MAX items with their answers outgrows the app's 1 MB default. */
const BULK_BODY_LIMIT_BYTES = 16 * 1024 * 1024;

const datasetRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const tags = ['items'];

  app.get(
    '/datasets/',
    { schema: { tags, querystring: datasetListQuerySchema, response: { 200: datasetPageSchema } } },
    async (request, reply) => {
      const { count, count_exact, results, next } = await listDatasets(
        ctx,
        currentUser(request),
        request.query,
      );
      const page = { ...toPage(request, request.query, count, results, next), count_exact };
      return (reply as FastifyReply).type(JSON_TYPE).send(stringifyWithRaw(page));
    },
  );

  app.get(
    '/datasets/ids/',
    { schema: { tags, querystring: datasetListQuerySchema, response: { 200: datasetIdsSchema } } },
    async (request, reply) => {
      // JSON text written from the ids as SQL joins them, sent as is (as the report's, decision 51).
      const json = await listDatasetIdsJson(ctx, currentUser(request), request.query);
      return (reply as FastifyReply).type(JSON_TYPE).send(json);
    },
  );

  app.get(
    '/datasets/export_excel/',
    { schema: { tags, querystring: datasetListQuerySchema } },
    async (request, reply) => {
      // Paging says nothing of what was exported: the log keeps the filters.
      const { team, offset, limit, count, cursor, ...filters } = request.query;
      // Streamed: the workbook is written while the items are read, never held whole in memory. Its first
      // rows are read with the caller's right, then the export's audit entry is written, before any byte.
      const user = currentUser(request);
      const write = await openDatasetsExport(ctx, user, request.query, toLanguage(user.language));
      await recordExport(ctx.db, team, 'export.items', filters);
      return sendWorkbook(request, reply, { name: 'items', write });
    },
  );

  // The rows of a bulk create checked one by one, nothing written: the import wizard's preview.
  app.post(
    '/datasets/validate/',
    {
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: { tags, body: datasetValidateBodySchema, response: { 200: datasetValidationSchema } },
    },
    async (request) => validateDatasets(ctx, currentUser(request), request.body, requestLanguage(request)),
  );

  app.post(
    '/datasets/',
    {
      bodyLimit: BULK_BODY_LIMIT_BYTES,
      schema: {
        tags,
        body: datasetCreateBodySchema,
        response: { 201: z.union([datasetSchema, z.array(datasetSchema)]) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      if (Array.isArray(request.body)) {
        return reply.status(201).send(await createDatasets(ctx, user, request.body, true));
      }
      const [created] = await createDatasets(ctx, user, [request.body], false);
      if (!created) throw new Error('dataset insert returned nothing');
      return reply.status(201).send(created);
    },
  );

  app.post(
    '/datasets/delete_many/',
    { schema: { tags, body: datasetsDeleteManySchema } },
    async (request, reply) => {
      await deleteDatasets(ctx, currentUser(request), request.body.datasets);
      return reply.status(204).send();
    },
  );

  app.get(
    '/datasets/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: datasetSchema } } },
    async (request) => requireDatasetReply(ctx, currentUser(request), request.params.id),
  );

  app.patch(
    '/datasets/:id/',
    { schema: { tags, params: idParamsSchema, body: datasetPatchSchema, response: { 200: datasetSchema } } },
    async (request) =>
      updateDataset(ctx, await requireDataset(ctx, currentUser(request), request.params.id), request.body),
  );

  app.delete('/datasets/:id/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    await requireDataset(ctx, currentUser(request), request.params.id);
    await deleteDatasets(ctx, currentUser(request), [request.params.id]);
    return reply.status(204).send();
  });

  app.post(
    '/datum-values/',
    { schema: { tags, body: datumValueCreateSchema, response: { 201: datumValueSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createDatumValue(ctx, currentUser(request), request.body)),
  );

  app.patch(
    '/datum-values/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: datumValuePatchSchema,
        response: { 200: datumValueSchema, 204: z.null() },
      },
    },
    async (request, reply) => {
      const found = await requireDatumValue(ctx, currentUser(request), request.params.id);
      const updated = await updateDatumValue(ctx, found, request.body);
      // An empty text or choice answer removed the value.
      if (updated) return updated;
      return reply.status(204).send(null);
    },
  );

  app.delete('/datum-values/:id/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const { value } = await requireDatumValue(ctx, currentUser(request), request.params.id);
    await deleteDatumValue(ctx, value);
    return reply.status(204).send();
  });

  await app.register(multipart, { limits: { files: 1, fileSize: FILE_MAX_SIZE_CAP_BYTES } });
  app.post(
    '/datum-values/:id/upload/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: datumValueSchema },
      },
    },
    async (request) =>
      uploadFile(ctx, request, await requireDatumValue(ctx, currentUser(request), request.params.id)),
  );
};

/** Files open with their signed link alone: a browser follows it without the bearer token. */
const fileRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.get(
    '/files/:key',
    { schema: { tags: ['items'], params: fileParamsSchema, querystring: fileQuerySchema } },
    (request, reply) => sendFile(ctx, reply, { key: request.params.key, ...request.query }),
  );
};

export const itemRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(datasetRoutes, { ctx });
  await app.register(fileRoutes, { ctx });
};
