import {
  addAudienceSchema,
  audienceCountQuerySchema,
  audienceCountSchema,
  BATCH_REPLY_DEMAILS_MAX,
  createEmailsResultSchema,
  createEmailsSchema,
  demailListQuerySchema,
  demailSchema,
  emailBatchCreateSchema,
  emailBatchDetailSchema,
  emailBatchPatchSchema,
  emailBatchSchema,
  emailTemplateCreateSchema,
  emailTemplatePatchSchema,
  emailTemplateSchema,
  idParamsSchema,
  pageSchema,
  renderEmailsSchema,
  renderedEmailSchema,
  sendEmailsSchema,
  sendTestEmailResultSchema,
  sendTestEmailSchema,
  TEST_EMAILS_PER_WINDOW,
  TEST_EMAILS_WINDOW_MINUTES,
  teamPageQuerySchema,
  teamQuerySchema,
  templatePreviewRequestSchema,
  templateVariableSchema,
  unsubscribeInfoSchema,
  unsubscribeParamsSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { requireTeamAdmin } from '../../access/team.ts';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { toPage } from '../../http/pagination.ts';
import { requestLanguage } from '../../http/reply-language.ts';
import { createAttemptThrottle } from '../../http/throttle.ts';
import { requireBatch, requireMassEmails, requireTemplate } from './access.ts';
import { addAudience, countAudience } from './audience.ts';
import { createEmails, findDemail, listDemails, renderEmails } from './batch-emails.ts';
import { createBatch, deleteBatch, listBatches, toBatchReply, updateBatch } from './batches.ts';
import { cancelSchedule, resendFailed, sendEmails } from './send.ts';
import {
  createTemplate,
  deleteTemplate,
  listTemplates,
  previewTemplate,
  toTemplateReply,
  updateTemplate,
} from './templates.ts';
import { sendTestEmail } from './test-email.ts';
import { unsubscribeByLink, unsubscribeInfo } from './unsubscribe.ts';
import { teamVariables } from './variables.ts';

/** A batch of the largest size a package allows is 100,000 ids: more than the app's 1 MB default. */
const CREATE_EMAILS_BODY_LIMIT_BYTES = 4 * 1024 * 1024;

/** Templates: `email-templates/`, for the team's admins, with or without the mass e-mail package. */
const templateRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const tags = ['emails'];

  app.get(
    '/email-templates/',
    {
      schema: { tags, querystring: teamPageQuerySchema, response: { 200: pageSchema(emailTemplateSchema) } },
    },
    async (request) => {
      await requireTeamAdmin(ctx, currentUser(request), request.query.team);
      const { count, results } = await listTemplates(ctx, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/email-templates/',
    { schema: { tags, body: emailTemplateCreateSchema, response: { 201: emailTemplateSchema } } },
    async (request, reply) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.body.team);
      return reply.status(201).send(await createTemplate(ctx, team, request.body));
    },
  );

  app.get(
    '/email-templates/variables/',
    { schema: { tags, querystring: teamQuerySchema, response: { 200: z.array(templateVariableSchema) } } },
    async (request) => {
      await requireTeamAdmin(ctx, currentUser(request), request.query.team);
      return teamVariables(ctx.db, request.query.team);
    },
  );

  app.post(
    '/email-templates/preview/',
    { schema: { tags, body: templatePreviewRequestSchema, response: { 200: renderedEmailSchema } } },
    async (request) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.body.team);
      return previewTemplate(ctx, team, request.body);
    },
  );

  app.get(
    '/email-templates/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: emailTemplateSchema } } },
    async (request) =>
      toTemplateReply((await requireTemplate(ctx, currentUser(request), request.params.id)).template),
  );

  app.patch(
    '/email-templates/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: emailTemplatePatchSchema,
        response: { 200: emailTemplateSchema },
      },
    },
    async (request) => {
      const { template } = await requireTemplate(ctx, currentUser(request), request.params.id);
      return updateTemplate(ctx, template, request.body);
    },
  );

  app.delete(
    '/email-templates/:id/',
    { schema: { tags, params: idParamsSchema } },
    async (request, reply) => {
      const { template } = await requireTemplate(ctx, currentUser(request), request.params.id);
      await deleteTemplate(ctx, template);
      return reply.status(204).send();
    },
  );
};

/** Batches and their e-mails: `email-batches/`, `demails/`, only with the mass e-mail package. */
const batchRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.addHook('onRequest', requireUser(ctx));
  const tags = ['emails'];

  app.get(
    '/email-batches/',
    { schema: { tags, querystring: teamPageQuerySchema, response: { 200: pageSchema(emailBatchSchema) } } },
    async (request) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.query.team);
      requireMassEmails(team);
      const { count, results } = await listBatches(ctx, request.query);
      return toPage(request, request.query, count, results);
    },
  );

  app.post(
    '/email-batches/',
    { schema: { tags, body: emailBatchCreateSchema, response: { 201: emailBatchSchema } } },
    async (request, reply) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.body.team);
      requireMassEmails(team);
      return reply.status(201).send(await createBatch(ctx, team, request.body));
    },
  );

  app.get(
    '/email-batches/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: emailBatchDetailSchema } } },
    async (request) => {
      const { batch } = await requireBatch(ctx, currentUser(request), request.params.id);
      const page = { limit: BATCH_REPLY_DEMAILS_MAX, offset: 0 };
      const [reply, demails] = await Promise.all([
        toBatchReply(ctx, batch),
        listDemails(ctx, batch, page, requestLanguage(request)),
      ]);
      return { ...reply, demails: demails.results };
    },
  );

  app.patch(
    '/email-batches/:id/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: emailBatchPatchSchema,
        response: { 200: emailBatchSchema },
      },
    },
    async (request) => {
      const { batch } = await requireBatch(ctx, currentUser(request), request.params.id);
      return updateBatch(ctx, batch, request.body);
    },
  );

  app.delete('/email-batches/:id/', { schema: { tags, params: idParamsSchema } }, async (request, reply) => {
    const { batch } = await requireBatch(ctx, currentUser(request), request.params.id);
    await deleteBatch(ctx, batch);
    return reply.status(204).send();
  });

  app.post(
    '/email-batches/:id/create_emails/',
    {
      bodyLimit: CREATE_EMAILS_BODY_LIMIT_BYTES,
      schema: {
        tags,
        params: idParamsSchema,
        body: createEmailsSchema,
        response: { 200: createEmailsResultSchema },
      },
    },
    async (request) => {
      const { batch, team } = await requireBatch(ctx, currentUser(request), request.params.id);
      return createEmails(ctx, team, batch, request.body);
    },
  );

  app.post(
    '/email-batches/:id/render_emails/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: renderEmailsSchema.optional(),
        response: { 200: emailBatchSchema },
      },
    },
    async (request) => {
      const { batch, team } = await requireBatch(ctx, currentUser(request), request.params.id);
      return renderEmails(ctx, team, batch, request.body?.template);
    },
  );

  app.post(
    '/email-batches/:id/send_emails/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: sendEmailsSchema.optional(),
        response: { 200: emailBatchSchema },
      },
    },
    async (request) => {
      const { batch, team } = await requireBatch(ctx, currentUser(request), request.params.id);
      return sendEmails(ctx, team, batch, request.body ?? {});
    },
  );

  app.post(
    '/email-batches/:id/cancel_schedule/',
    { schema: { tags, params: idParamsSchema, response: { 200: emailBatchSchema } } },
    async (request) => {
      const { batch } = await requireBatch(ctx, currentUser(request), request.params.id);
      return cancelSchedule(ctx, batch);
    },
  );

  app.post(
    '/email-batches/:id/resend_failed/',
    { schema: { tags, params: idParamsSchema, response: { 200: emailBatchSchema } } },
    async (request) => {
      const { batch } = await requireBatch(ctx, currentUser(request), request.params.id);
      return resendFailed(ctx, batch);
    },
  );

  app.post(
    '/email-batches/:id/add_audience/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: addAudienceSchema,
        response: { 200: createEmailsResultSchema },
      },
    },
    async (request) => {
      const { batch, team } = await requireBatch(ctx, currentUser(request), request.params.id);
      return addAudience(ctx, team, batch, request.body);
    },
  );

  app.post(
    '/email-batches/audience_count/',
    { schema: { tags, body: audienceCountQuerySchema, response: { 200: audienceCountSchema } } },
    async (request) => {
      const { team } = await requireTeamAdmin(ctx, currentUser(request), request.body.team);
      requireMassEmails(team);
      return countAudience(ctx, team.id, request.body.audience);
    },
  );

  // Per admin, whatever the batch: a test goes to the admin's own inbox, never to a list.
  const testEmails = createAttemptThrottle(ctx.counters, {
    name: 'test e-mails',
    max: TEST_EMAILS_PER_WINDOW,
    windowMs: TEST_EMAILS_WINDOW_MINUTES * 60 * 1000,
  });
  app.post(
    '/email-batches/:id/send_test_email/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        body: sendTestEmailSchema,
        response: { 200: sendTestEmailResultSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      const { batch, team } = await requireBatch(ctx, user, request.params.id);
      const key = String(user.id);
      await testEmails.check(key);
      await testEmails.record(key);
      return sendTestEmail(ctx, team, batch, user, request.body, request.log);
    },
  );

  app.get(
    '/email-batches/:id/emails/',
    {
      schema: {
        tags,
        params: idParamsSchema,
        querystring: demailListQuerySchema,
        response: { 200: pageSchema(demailSchema) },
      },
    },
    async (request) => {
      const { batch } = await requireBatch(ctx, currentUser(request), request.params.id);
      const { count, results } = await listDemails(ctx, batch, request.query, requestLanguage(request));
      return toPage(request, request.query, count, results);
    },
  );

  app.get(
    '/demails/:id/',
    { schema: { tags, params: idParamsSchema, response: { 200: demailSchema } } },
    async (request) => {
      const user = currentUser(request);
      const { demail, batchId } = await findDemail(ctx, user, request.params.id, requestLanguage(request));
      await requireBatch(ctx, user, batchId);
      return demail;
    },
  );
};

/** Per IP: a person unsubscribes once; a burst beyond this is someone walking tokens. */
export const UNSUBSCRIBE_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/**
 * The signed unsubscribe link of every mass e-mail, without sign-in: GET tells the page what the
 * link is for, POST unsubscribes (the page's button, and RFC 8058 one-click from mail clients, whose
 * form-encoded body `List-Unsubscribe=One-Click` carries nothing else to read).
 */
const unsubscribeRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['emails'];
  const ignoreBody = { parseAs: 'string' as const, bodyLimit: 1024 };
  app.addContentTypeParser('application/x-www-form-urlencoded', ignoreBody, (_request, _body, done) =>
    done(null, {}),
  );
  app.addContentTypeParser('multipart/form-data', ignoreBody, (_request, _body, done) => done(null, {}));

  app.get(
    '/unsubscribe/:token/',
    {
      config: { rateLimit: UNSUBSCRIBE_RATE_LIMIT },
      schema: { tags, params: unsubscribeParamsSchema, response: { 200: unsubscribeInfoSchema } },
    },
    async (request) => unsubscribeInfo(ctx, request.params.token),
  );

  app.post(
    '/unsubscribe/:token/',
    { config: { rateLimit: UNSUBSCRIBE_RATE_LIMIT }, schema: { tags, params: unsubscribeParamsSchema } },
    async (request, reply) => {
      await unsubscribeByLink(ctx, request.params.token);
      return reply.status(204).send();
    },
  );
};

export const emailRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  await app.register(templateRoutes, { ctx });
  await app.register(batchRoutes, { ctx });
  await app.register(unsubscribeRoutes, { ctx });
};
