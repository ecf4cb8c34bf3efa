import multipart from '@fastify/multipart';
import {
  FILE_MAX_SIZE_CAP_BYTES,
  formSubmissionCommitReplySchema,
  formSubmissionCommitSchema,
  formSubmissionCreateSchema,
  formSubmissionSchema,
  formUploadReplySchema,
  idParamsSchema,
  publicFormQuerySchema,
  publicFormSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { loadUser } from '../../http/auth.ts';
import { createAttemptThrottle } from '../../http/throttle.ts';
import { commitSubmission } from './commit.ts';
import { saveSubmission } from './create-submission.ts';
import { getPublicForm } from './public-form.ts';
import { uploadSubmissionFile } from './upload.ts';

/** Per IP and per minute: generous for people behind one address, short for a script. */
export const SUBMISSION_RATE_LIMITS = {
  publicForm: { max: 120, timeWindow: '1 minute' },
  create: { max: 20, timeWindow: '1 minute' },
  upload: { max: 60, timeWindow: '1 minute' },
  commit: { max: 40, timeWindow: '1 minute' },
} as const;

/** Per form, whatever the address: a flood from many addresses still cannot bury one form. */
export const SUBMISSIONS_PER_FORM = { max: 600, windowMs: 60_000 };

/** The public form page and its submission protocol: open to anyone, guarded by captcha and tokens. */
export const submissionRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const tags = ['form submissions'];
  const perForm = createAttemptThrottle(ctx.counters, {
    name: 'submissions per form',
    ...SUBMISSIONS_PER_FORM,
  });

  app.get(
    '/intake-forms/:id/public/',
    {
      preHandler: loadUser(ctx),
      config: { rateLimit: SUBMISSION_RATE_LIMITS.publicForm },
      schema: {
        tags,
        params: idParamsSchema,
        querystring: publicFormQuerySchema,
        response: { 200: publicFormSchema },
      },
    },
    async (request) =>
      getPublicForm(ctx, { id: request.params.id, user: request.user, query: request.query }),
  );

  app.post(
    '/form-submissions/',
    {
      config: { rateLimit: SUBMISSION_RATE_LIMITS.create },
      schema: { tags, body: formSubmissionCreateSchema, response: { 201: formSubmissionSchema } },
    },
    async (request, reply) => {
      const formKey = String(request.body.form);
      await perForm.check(formKey);
      await perForm.record(formKey);
      return reply.status(201).send(await saveSubmission(ctx, request.body));
    },
  );

  app.post(
    '/form-submissions/:id/commit/',
    {
      config: { rateLimit: SUBMISSION_RATE_LIMITS.commit },
      schema: {
        tags,
        params: idParamsSchema,
        body: formSubmissionCommitSchema,
        response: { 200: formSubmissionCommitReplySchema },
      },
    },
    async (request) => commitSubmission(ctx, { id: request.params.id, ...request.body }),
  );

  await app.register(multipart, { limits: { files: 1, fileSize: FILE_MAX_SIZE_CAP_BYTES } });
  app.post(
    '/form-submissions/:id/upload/',
    {
      config: { rateLimit: SUBMISSION_RATE_LIMITS.upload },
      schema: {
        tags,
        params: idParamsSchema,
        consumes: ['multipart/form-data'],
        response: { 200: formUploadReplySchema },
      },
    },
    async (request) => uploadSubmissionFile(ctx, request, request.params.id),
  );
};
