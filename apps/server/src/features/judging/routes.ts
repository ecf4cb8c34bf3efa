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
  judgePortalQuerySchema,
  judgePortalSchema,
  type PageQuery,
  pageSchema,
  publicInfoSchema,
  submissionCreateSchema,
  submissionsCountQuerySchema,
  submissionsQuerySchema,
  unlockPublicResultSchema,
  unlockPublicSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { ZodType, z } from 'zod';
import type { AppContext } from '../../context.ts';
import { loadUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { createAttemptThrottle } from '../../http/throttle.ts';
import { loadAnswerView } from './answer-view.ts';
import { type Answerer, callerOnRequest, resolveAnswerer } from './answerer.ts';
import { getDraft, saveDraft } from './drafts.ts';
import { countAnswers, countSubmissions, listAnswers, listComments, listSubmissions } from './lists.ts';
import { loadJudgePortal } from './portal.ts';
import { getPublicInfo, unlockPublic } from './public-link.ts';
import { submitAnswers } from './submit.ts';

/** Per IP: one visitor asks for a link once or twice; a burst beyond this is a script. */
export const UNLOCK_PUBLIC_RATE_LIMIT = { max: 10, timeWindow: '1 minute' } as const;
/** Per IP, the public selection's page: as the public form's page, a reader's visits and reloads. */
export const PUBLIC_INFO_RATE_LIMIT = { max: 120, timeWindow: '1 minute' } as const;
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
  // Every route of the answer page knows its caller before it reads a body or checks a query.
  const answerer = callerOnRequest(ctx, resolveAnswerer);

  // As in judges/routes.ts: Fastify cannot resolve a reply type from a generic schema, so the reply
  // schema is widened and the callback's signature holds the contract.

  /** A read by whoever answers (the link's judge, a signed-in judge or a previewing admin). */
  function answererRead<Q extends ZodType<{ token?: string }>, R extends ZodType>(
    url: string,
    querystring: Q,
    response: R,
    load: (answerer: Answerer, query: z.output<Q>) => Promise<z.output<R>>,
  ) {
    app.get(
      url,
      {
        onRequest: answerer.onRequest,
        schema: { tags, params: idParamsSchema, querystring, response: { 200: response as ZodType } },
      },
      async (request) => load(answerer.of(request), request.query as z.output<Q>),
    );
  }

  /** A list the answerer may read, paged in SQL: `list` answers the count and the page. */
  function answererPage<Q extends ZodType<PageQuery & { token?: string }>, T extends ZodType>(
    url: string,
    querystring: Q,
    item: T,
    list: (answerer: Answerer, query: z.output<Q>) => Promise<{ count: number; results: z.output<T>[] }>,
  ) {
    app.get(
      url,
      {
        onRequest: answerer.onRequest,
        schema: { tags, params: idParamsSchema, querystring, response: { 200: pageSchema(item) } },
      },
      async (request) => {
        const query = request.query as z.output<Q>;
        const { count, results } = await list(answerer.of(request), query);
        return toPage(request, query, count, results);
      },
    );
  }

  answererRead('/issues/:id/answer_view/', answerViewQuerySchema, answerViewSchema, (answerer, query) =>
    loadAnswerView(ctx, answerer, query.v),
  );
  answererPage('/issues/:id/answers/', answersQuerySchema, issueAnswerSchema, (answerer, query) =>
    listAnswers(ctx, answerer, query),
  );
  answererRead('/issues/:id/answers/count/', answersCountQuerySchema, countSchema, (answerer, query) =>
    countAnswers(ctx, answerer, query),
  );
  answererPage('/issues/:id/submissions/', submissionsQuerySchema, issueSubmissionSchema, (answerer, query) =>
    listSubmissions(ctx, answerer, query),
  );
  answererRead(
    '/issues/:id/submissions/count/',
    submissionsCountQuerySchema,
    countSchema,
    (answerer, query) => countSubmissions(ctx, answerer, query),
  );
  answererPage('/issues/:id/comments/', commentsQuerySchema, issueCommentSchema, (answerer, query) =>
    listComments(ctx, answerer, query),
  );
  answererRead('/issues/:id/draft/', issueTokenQuerySchema, answerDraftSchema, (answerer) =>
    getDraft(ctx, answerer),
  );

  app.post(
    '/issues/:id/submissions/',
    {
      bodyLimit: SUBMISSION_BODY_LIMIT_BYTES,
      onRequest: answerer.onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        body: submissionCreateSchema,
        response: { 201: issueSubmissionSchema },
      },
    },
    async (request, reply) =>
      reply.status(201).send(await submitAnswers(ctx, answerer.of(request), request.body)),
  );

  app.put(
    '/issues/:id/draft/',
    {
      bodyLimit: SUBMISSION_BODY_LIMIT_BYTES,
      onRequest: answerer.onRequest,
      schema: {
        tags,
        params: idParamsSchema,
        querystring: issueTokenQuerySchema,
        body: answerDraftCreateSchema,
        response: { 200: answerDraftSchema },
      },
    },
    async (request) => saveDraft(ctx, answerer.of(request), request.body),
  );

  // The judge's portal: every selection of the judge, by any of their links' token or signed in.
  app.get(
    '/judge_portal/',
    {
      preHandler: loadUser(ctx),
      schema: { tags, querystring: judgePortalQuerySchema, response: { 200: judgePortalSchema } },
    },
    (request) => loadJudgePortal(ctx, request.query.token, request.user),
  );

  app.get(
    '/issues/:id/get_public_info/',
    {
      config: { rateLimit: PUBLIC_INFO_RATE_LIMIT },
      schema: { tags, params: idParamsSchema, response: { 200: publicInfoSchema } },
    },
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
