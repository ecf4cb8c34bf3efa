import compress from '@fastify/compress';
import rateLimit from '@fastify/rate-limit';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import { API_PREFIX, API_VERSION } from '@shortlist/contract';
import Fastify, { type FastifyServerOptions } from 'fastify';
import { jsonSchemaTransform, validatorCompiler, type ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Config } from './config.ts';
import type { AppContext } from './context.ts';
import type { Database, Db } from './db/client.ts';
import { agreementRoutes } from './features/agreement/routes.ts';
import { assignmentAdminRoutes } from './features/assignment/admin-routes.ts';
import { assignmentJudgeRoutes } from './features/assignment/judge-routes.ts';
import { auditJobs } from './features/audit/retention.ts';
import { auditRoutes } from './features/audit/routes.ts';
import { tokenRoutes, userRoutes } from './features/auth/routes.ts';
import { createTokenService } from './features/auth/tokens.ts';
import { captchaRoutes } from './features/captcha/routes.ts';
import { contactRoutes } from './features/contact/routes.ts';
import { dashboardRoutes } from './features/dashboard/routes.ts';
import { decisionRoutes } from './features/decisions/routes.ts';
import { emailJobs } from './features/emails/jobs.ts';
import { emailRoutes } from './features/emails/routes.ts';
import { formRoutes } from './features/forms/routes.ts';
import { itemTypeRoutes } from './features/item-types/routes.ts';
import { createFileStore } from './features/items/file-store.ts';
import { itemJobs } from './features/items/jobs.ts';
import { itemRoutes } from './features/items/routes.ts';
import { judgeRoutes } from './features/judges/routes.ts';
import { conflictRoutes } from './features/judging/conflict-routes.ts';
import { judgingJobs } from './features/judging/jobs.ts';
import { judgingRoutes } from './features/judging/routes.ts';
import { mailJobs } from './features/mail/jobs.ts';
import { createMailer, type Mailer } from './features/mail/mailer.ts';
import { outboxRoutes } from './features/mail/routes.ts';
import { memberRoutes } from './features/members/routes.ts';
import { mergeRoutes } from './features/merges/routes.ts';
import { createMetrics } from './features/operations/metrics.ts';
import { operationRoutes } from './features/operations/routes.ts';
import { pairwiseRoutes } from './features/pairwise/routes.ts';
import { personalDataRoutes } from './features/personal-data/routes.ts';
import { rankedRoutes } from './features/ranked/routes.ts';
import { reportJobs } from './features/reports/fold.ts';
import { reportRoutes } from './features/reports/routes.ts';
import { reviewRoutes } from './features/reviews/routes.ts';
import { roundRoutes } from './features/rounds/routes.ts';
import { deadlineJobs } from './features/selections/deadlines.ts';
import { selectionRoutes } from './features/selections/routes.ts';
import { ssoRoutes } from './features/sso/routes.ts';
import { submissionJobs } from './features/submissions/jobs.ts';
import { submissionRoutes } from './features/submissions/routes.ts';
import { tagRoutes } from './features/tags/routes.ts';
import { teamRoutes } from './features/teams/routes.ts';
import { topKRoutes } from './features/top-k/routes.ts';
import { verificationJobs } from './features/verification/refresh.ts';
import { webhookJobs } from './features/webhooks/jobs.ts';
import { webhookRoutes } from './features/webhooks/routes.ts';
import { createMemoryCounters, createPostgresCounters, rateLimitStoreOf } from './http/counter-store.ts';
import { registerErrorHandler } from './http/errors.ts';
import { registerNullCharacters } from './http/null-characters.ts';
import { REPLY_COMPRESSION } from './http/page-encoding.ts';
import { registerReplyHeaders } from './http/reply-headers.ts';
import { replySerializer } from './http/reply-serializer.ts';
import { registerRequestActor } from './http/request-actor.ts';
import { withRequestsForLog } from './http/request-log.ts';
import { createSigner } from './http/signer.ts';
import { registerWebApp } from './http/web-app.ts';
import { startWorker } from './jobs/worker.ts';

export interface BuildOptions {
  config: Config;
  db: Db;
  /** Where reports and exports read (Database.reportDb); absent, `db`. */
  reportDb?: Db;
  /** Where the background jobs run (Database.backgroundDb); absent, `db`. */
  backgroundDb?: Db;
  /** Where judges' answers are written (Database.answersDb); absent, `db`. */
  answersDb?: Db;
  /** Picks where limits are counted (decision 44); absent, DATABASE_URL decides. */
  engine?: Database['engine'];
  jwtSecret: string;
  /** Tests pass a mailer of their own or let the outbox keep messages. */
  mailer?: Mailer;
  /** Absent in API tests: the built web app is served only when a folder is given. */
  webDist?: string;
  logger?: FastifyServerOptions['logger'];
  accessTokenSeconds?: number;
  /** The mail queue, digests and purges; server.ts turns it on, tests drive those jobs by hand. */
  backgroundJobs?: boolean;
}

const BODY_LIMIT_BYTES = 1024 * 1024;

/** Builds the whole app without listening: server.ts listens, tests inject or listen on port 0. */
export async function buildApp(options: BuildOptions) {
  const { config, db } = options;
  const app = Fastify({
    logger: withRequestsForLog(options.logger ?? { level: config.logLevel }),
    bodyLimit: BODY_LIMIT_BYTES,
    routerOptions: { ignoreTrailingSlash: true },
    // A proxy's request id joins the logs of both; otherwise Fastify numbers requests itself.
    requestIdHeader: 'x-request-id',
    // Only behind a proxy: otherwise anyone could pick their address and dodge the per-IP limits.
    trustProxy: config.trustProxy,
  }).withTypeProvider<ZodTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(replySerializer);
  registerErrorHandler(app);
  registerNullCharacters(app);

  const engine = options.engine ?? (config.databaseUrl ? 'postgres' : 'pglite');
  const ctx: AppContext = {
    config,
    db,
    answersDb: options.answersDb ?? db,
    engine,
    mailer:
      options.mailer ?? createMailer({ smtpUrl: config.smtpUrl, from: config.mailFrom, db, log: app.log }),
    tokens: createTokenService(
      db,
      options.jwtSecret,
      options.accessTokenSeconds ? { access: options.accessTokenSeconds } : undefined,
    ),
    files: createFileStore(config, options.jwtSecret),
    signer: createSigner(options.jwtSecret),
    // N processes share one PostgreSQL, so they share its counts; the embedded engine is one process's.
    counters: engine === 'postgres' ? createPostgresCounters(db) : createMemoryCounters(),
  };
  app.decorate('ctx', ctx);
  // Reports, agreement, ranked, merges and top k read on their own connections (Database.reportDb).
  const reportCtx: AppContext = { ...ctx, db: options.reportDb ?? db };
  const metrics = createMetrics(db);
  metrics.observe(app);

  registerReplyHeaders(app);
  registerRequestActor(app);
  // A GET or HEAD has no body to decompress: its routes skip the plugin's hook for it, run on every request.
  app.addHook('onRoute', (route) => {
    const methods = [route.method].flat();
    if (route.decompress === undefined && methods.every((m) => m === 'GET' || m === 'HEAD'))
      route.decompress = false;
  });
  // The API's replies; the web app's files are compressed once, by the build.
  await app.register(compress, REPLY_COMPRESSION);
  await app.register(rateLimit, { global: false, store: rateLimitStoreOf(ctx.counters) });
  await app.register(swagger, {
    openapi: { info: { title: 'Shortlist API', version: API_VERSION } },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs', staticCSP: true });

  await app.register(operationRoutes, { ctx, metrics });
  await app.register(tokenRoutes, { prefix: '/api', ctx });
  await app.register(ssoRoutes, { ctx, jwtSecret: options.jwtSecret });
  await app.register(
    async (api) => {
      await api.register(userRoutes, { ctx });
      await api.register(teamRoutes, { ctx });
      await api.register(memberRoutes, { ctx });
      await api.register(contactRoutes, { ctx });
      await api.register(dashboardRoutes, { ctx });
      await api.register(captchaRoutes, { ctx, jwtSecret: options.jwtSecret });
      await api.register(outboxRoutes, { ctx });
      await api.register(tagRoutes, { ctx });
      await api.register(reviewRoutes, { ctx });
      await api.register(selectionRoutes, { ctx });
      await api.register(itemRoutes, { ctx });
      await api.register(itemTypeRoutes, { ctx });
      await api.register(formRoutes, { ctx });
      await api.register(submissionRoutes, { ctx });
      await api.register(reportRoutes, { ctx: reportCtx });
      await api.register(agreementRoutes, { ctx: reportCtx });
      await api.register(rankedRoutes, { ctx: reportCtx });
      await api.register(mergeRoutes, { ctx: reportCtx });
      await api.register(topKRoutes, { ctx: reportCtx });
      await api.register(roundRoutes, { ctx });
      await api.register(judgingRoutes, { ctx });
      await api.register(pairwiseRoutes, { ctx });
      await api.register(conflictRoutes, { ctx });
      await api.register(judgeRoutes, { ctx });
      await api.register(assignmentJudgeRoutes, { ctx });
      await api.register(assignmentAdminRoutes, { ctx });
      await api.register(emailRoutes, { ctx });
      await api.register(decisionRoutes, { ctx });
      await api.register(webhookRoutes, { ctx });
      await api.register(auditRoutes, { ctx });
      await api.register(personalDataRoutes, { ctx });
    },
    { prefix: API_PREFIX },
  );
  let worker: ReturnType<typeof startWorker> | undefined;
  if (options.backgroundJobs) {
    app.addHook('onReady', async () => {
      worker = startWorker(
        { ...ctx, db: options.backgroundDb ?? db },
        [
          ...mailJobs(config),
          ...emailJobs,
          ...submissionJobs,
          ...judgingJobs,
          ...deadlineJobs,
          ...webhookJobs,
          ...reportJobs,
          ...itemJobs(),
          ...verificationJobs,
          ...auditJobs,
          function purgeExpiredCounters(jobCtx) {
            return jobCtx.counters.purge();
          },
        ],
        {
          log: app.log,
          onFailure: (task) => metrics.taskFailures.inc({ task }),
        },
      );
    });
  }
  app.addHook('onClose', async () => {
    // The sends under way finish before the SMTP connections close.
    await worker?.stop();
    ctx.mailer.close();
  });
  await registerWebApp(app, options.webDist);
  return app;
}

export type App = Awaited<ReturnType<typeof buildApp>>;

declare module 'fastify' {
  interface FastifyInstance {
    ctx: AppContext;
  }
}
