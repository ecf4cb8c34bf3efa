import {
  COUNT_EXACT,
  datasetSchema,
  idParamsSchema,
  issueCreateSchema,
  issueDatasetsBodySchema,
  issueDatasetsQuerySchema,
  issueDatasetsReplySchema,
  issueListItemSchema,
  issueListQuerySchema,
  issuePatchSchema,
  issueQuestionCreateSchema,
  issueQuestionPatchSchema,
  issueQuestionSchema,
  issueSchema,
  pageSchema,
} from '@shortlist/contract';
import type { FastifyReply } from 'fastify';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { requireIssueAdmin, requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { JSON_TYPE, stringifyWithRaw } from '../../http/raw-json.ts';
import { listDatasets } from '../items/dataset-list.ts';
import { duplicateIssue } from './duplicate.ts';
import { addIssueDatasets, removeIssueDatasets } from './issue-datasets.ts';
import { createQuestion, deleteQuestion, requireQuestionAdmin, updateQuestion } from './questions.ts';
import { toIssueReply } from './replies.ts';
import { createIssue, deleteIssue, listIssues, updateIssue } from './service.ts';

/** Selections (issues), their criteria and their items, for the admins of their team. */
export const selectionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const tags = ['selections'];

  app.get(
    '/issues/',
    {
      schema: { tags, querystring: issueListQuerySchema, response: { 200: pageSchema(issueListItemSchema) } },
    },
    async (request) => {
      const { count, results } = await listIssues(ctx, currentUser(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/issues/',
    { schema: { tags, body: issueCreateSchema, response: { 201: issueSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createIssue(ctx, currentUser(request), request.body)),
  );

  app.get(
    '/issues/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: issueSchema } } },
    async (request) =>
      toIssueReply(ctx, await requireIssueAdmin(ctx, currentUser(request), request.params.id)),
  );

  app.patch(
    '/issues/:id/',
    { schema: { tags, params: idParamsSchema, body: issuePatchSchema, response: { 200: issueSchema } } },
    async (request) => {
      const user = currentUser(request);
      const issue = await requireIssueAdmin(ctx, user, request.params.id);
      const { team } = await requireTeamAdmin(ctx, user, issue.teamId);
      return updateIssue(ctx, team, issue, request.body);
    },
  );

  app.delete('/issues/:id/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    await deleteIssue(ctx, await requireIssueAdmin(ctx, currentUser(request), request.params.id));
    return reply.status(204).send();
  });

  app.post(
    '/issues/:id/duplicate/',
    { schema: { tags, params: idParamsSchema, response: { 201: issueSchema } } },
    async (request, reply) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      return reply.status(201).send(await duplicateIssue(ctx, issue));
    },
  );

  app.get(
    '/issues/:id/datasets/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueDatasetsQuerySchema,
        response: { 200: pageSchema(datasetSchema) },
      },
    },
    async (request, reply) => {
      const user = currentUser(request);
      const issue = await requireIssueAdmin(ctx, user, request.params.id);
      // A selection's items are counted exactly: their reply has no `count_exact` to say otherwise.
      const query = { ...request.query, team: issue.teamId, issue: issue.id, count: COUNT_EXACT };
      const { count, results } = await listDatasets(ctx, user, query);
      const page = toPage(request, request.query, count, results);
      return (reply as FastifyReply).type(JSON_TYPE).send(stringifyWithRaw(page));
    },
  );

  // Adding and removing items take the same body and give the same reply.
  const datasetsSchema = {
    tags,
    params: idParamsSchema,
    body: issueDatasetsBodySchema,
    response: { 200: issueDatasetsReplySchema },
  };
  for (const [path, change] of [
    ['/issues/:id/datasets/', addIssueDatasets],
    ['/issues/:id/datasets/remove/', removeIssueDatasets],
  ] as const) {
    app.post(path, { schema: datasetsSchema }, async (request) => {
      const issue = await requireIssueAdmin(ctx, currentUser(request), request.params.id);
      return change(ctx, issue, request.body.datasets);
    });
  }

  app.post(
    '/issue-questions/',
    { schema: { tags, body: issueQuestionCreateSchema, response: { 201: issueQuestionSchema } } },
    async (request, reply) =>
      reply.status(201).send(await createQuestion(ctx, currentUser(request), request.body)),
  );

  app.patch(
    '/issue-questions/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: issueQuestionPatchSchema,
        response: { 200: issueQuestionSchema },
      },
    },
    async (request) =>
      updateQuestion(
        ctx,
        await requireQuestionAdmin(ctx, currentUser(request), request.params.id),
        request.body,
      ),
  );

  app.delete(
    '/issue-questions/:id/',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      await deleteQuestion(ctx, await requireQuestionAdmin(ctx, currentUser(request), request.params.id));
      return reply.status(204).send();
    },
  );
};
