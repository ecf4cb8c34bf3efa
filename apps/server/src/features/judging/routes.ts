import {
  answerDraftCreateSchema,
  answerDraftSchema,
  answersCountQuerySchema,
  answersQuerySchema,
  answerViewQuerySchema,
  answerViewSchema,
  commentsQuerySchema,
  countSchema,
  idParamsSchema,
  issueAnswerSchema,
  issueCommentSchema,
  issueSubmissionSchema,
  issueTokenQuerySchema,
  pageSchema,
  publicInfoSchema,
  submissionCreateSchema,
  submissionsCountQuerySchema,
  submissionsQuerySchema,
  unlockPublicResultSchema,
  unlockPublicSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { loadUser, type UserRow } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { createAttemptThrottle } from '../../http/throttle.ts';
import { loadAnswerView } from './answer-view.ts';
import { resolveAnswerer } from './answerer.ts';
import { getDraft, saveDraft } from './drafts.ts';
import { countAnswers, countSubmissions, listAnswers, listComments, listSubmissions } from './lists.ts';
import { getPublicInfo, unlockPublic } from './public-link.ts';
import { submitAnswers } from './submit.ts';

/** Per IP: one visitor asks for a link once or twice; a burst beyond this is a script. */
export const UNLOCK_PUBLIC_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
/** Per e-mail address, whatever the IP, so that nobody floods one inbox with links. */
export const UNLOCK_PUBLIC_PER_EMAIL = { max: 5, windowMs: 60 * 60 * 1000 };
/** A submission of 2,000 items × 5 criteria is about half a megabyte; leave room above the API's 1 MB. */
const SUBMISSION_BODY_LIMIT_BYTES = 8 * 1024 * 1024;

/**
 * How judges answer. The judge is known by the personal link's token, sent as `?token=` like the link
 * itself; without it, a signed-in judge answers as themselves and a team admin previews.
 */
export const judgingRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const perEmail = createAttemptThrottle(ctx.counters, {
    name: 'judge link e-mails',
    ...UNLOCK_PUBLIC_PER_EMAIL,
  });
  const tags = ['judging'];
  const answererOf = (request: { params: { id: number }; query: { token?: string }; user: UserRow | null }) =>
    resolveAnswerer(ctx, { issueId: request.params.id, token: request.query.token, user: request.user });

  app.get(
    '/issues/:id/answer_view/',
    {
      preHandler: loadUser(ctx),
      schema: {
        tags,
        params: idParamsSchema,
        querystring: answerViewQuerySchema,
        response: { 200: answerViewSchema },
      },
    },
    async (request) => loadAnswerView(ctx, await answererOf(request), request.query.v),
  );

  app.get(
    '/issues/:id/answers/',
    {
      preHandler: loadUser(ctx),
      schema: {
        tags,
        params: idParamsSchema,
        querystring: answersQuerySchema,
        response: { 200: pageSchema(issueAnswerSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listAnswers(ctx, await answererOf(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.get(
    '/issues/:id/answers/count/',
    {
      preHandler: loadUser(ctx),
      schema: {
        tags,
        params: idParamsSchema,
        querystring: answersCountQuerySchema,
        response: { 200: countSchema },
      },
    },
    async (request) => countAnswers(ctx, await answererOf(request), request.query),
  );

  app.get(
    '/issues/:id/submissions/',
    {
      preHandler: loadUser(ctx),
      schema: {
        tags,
        params: idParamsSchema,
        querystring: submissionsQuerySchema,
        response: { 200: pageSchema(issueSubmissionSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listSubmissions(ctx, await answererOf(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.get(
    '/issues/:id/submissions/count/',
    {
      preHandler: loadUser(ctx),
      schema: {
        tags,
        params: idParamsSchema,
        querystring: submissionsCountQuerySchema,
        response: { 200: countSchema },
      },
    },
    async (request) => countSubmissions(ctx, await answererOf(request), request.query),
  );

  app.get(
    '/issues/:id/comments/',
    {
      preHandler: loadUser(ctx),
      schema: {
        tags,
        params: idParamsSchema,
        querystring: commentsQuerySchema,
        response: { 200: pageSchema(issueCommentSchema) },
      },
    },
    async (request) => {
      const { count, results } = await listComments(ctx, await answererOf(request), request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/issues/:id/submissions/',
    {
      bodyLimit: SUBMISSION_BODY_LIMIT_BYTES,
      preHandler: loadUser(ctx),
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        body: submissionCreateSchema,
        response: { 201: issueSubmissionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submitAnswers(ctx, await answererOf(request), request.body)),
  );

  app.get(
    '/issues/:id/draft/',
    {
      preHandler: loadUser(ctx),
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        response: { 200: answerDraftSchema },
      },
    },
    async (request) => getDraft(ctx, await answererOf(request)),
  );

  app.put(
    '/issues/:id/draft/',
    {
      bodyLimit: SUBMISSION_BODY_LIMIT_BYTES,
      preHandler: loadUser(ctx),
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        body: answerDraftCreateSchema,
        response: { 200: answerDraftSchema },
      },
    },
    async (request) => saveDraft(ctx, await answererOf(request), request.body),
  );

  app.get(
    '/issues/:id/get_public_info/',
    { schema: { tags, params: idParamsSchema, response: { 200: publicInfoSchema } } },
    (request) => getPublicInfo(ctx, request.params.id),
  );

  app.post(
    '/issues/:id/unlock_public/',
    {
      config: { rateLimit: UNLOCK_PUBLIC_RATE_LIMIT },
      schema: {
        tags,
        params: idParamsSchema,
        body: unlockPublicSchema,
        response: { 200: unlockPublicResultSchema },
      },
    },
    (request) => unlockPublic(ctx, { issueId: request.params.id, ...request.body, perEmail }),
  );
};
