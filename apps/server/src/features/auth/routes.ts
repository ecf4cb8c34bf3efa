import {
  askResetPasswordSchema,
  detailSchema,
  idParamsSchema,
  RESET_REQUEST_DETAIL,
  refreshRequestSchema,
  resetPasswordSchema,
  tokenPairSchema,
  tokenRequestSchema,
  userPatchSchema,
  userSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { currentUser, requireUser } from '../../http/auth.ts';
import { notFound } from '../../http/errors.ts';
import { ACCOUNT_FAILURES, RATE_LIMITS, RESET_MAILS_PER_ACCOUNT } from '../../http/rate-limits.ts';
import { createAttemptThrottle } from '../../http/throttle.ts';
import { admitRefresh } from '../sso/policy.ts';
import { askResetPassword, resetPassword, setLanguage, signIn, toUser } from './service.ts';
import { createSignInGuard } from './sign-in-guard.ts';

/** `/api/token/…`: outside /api/v1, as in the original API. */
export const tokenRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const guard = createSignInGuard(ctx.counters);

  app.post(
    '/token/',
    {
      config: { rateLimit: RATE_LIMITS.signIn },
      schema: { tags: ['auth'], body: tokenRequestSchema, response: { 200: tokenPairSchema } },
    },
    (request) => signIn(ctx, guard, { ...request.body, address: request.ip }),
  );

  app.post(
    '/token/refresh/',
    {
      config: { rateLimit: RATE_LIMITS.refresh },
      schema: { tags: ['auth'], body: refreshRequestSchema, response: { 200: tokenPairSchema } },
    },
    (request) => ctx.tokens.rotate(request.body.refresh, (family) => admitRefresh(ctx.db, family)),
  );

  app.post(
    '/token/logout/',
    {
      config: { rateLimit: RATE_LIMITS.refresh },
      schema: { tags: ['auth'], body: refreshRequestSchema },
    },
    async (request, reply) => {
      await ctx.tokens.signOut(request.body.refresh);
      return reply.status(204).send();
    },
  );
};

export const userRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  const throttle = createAttemptThrottle(ctx.counters, { name: 'reset link failures', ...ACCOUNT_FAILURES });
  const resetMails = createAttemptThrottle(ctx.counters, {
    name: 'reset e-mails',
    ...RESET_MAILS_PER_ACCOUNT,
  });

  app.get(
    '/users/me/',
    { onRequest: requireUser(ctx), schema: { tags: ['users'], response: { 200: userSchema } } },
    (request) => toUser(currentUser(request)),
  );

  app.patch(
    '/users/:id/',
    {
      onRequest: requireUser(ctx),
      schema: {
        tags: ['users'],
        params: idParamsSchema,
        body: userPatchSchema,
        response: { 200: userSchema },
      },
    },
    async (request) => {
      const user = currentUser(request);
      if (request.params.id !== user.id) throw notFound();
      return toUser(await setLanguage(ctx, user.id, request.body.language));
    },
  );

  app.post(
    '/users/ask_reset_password/',
    {
      config: { rateLimit: RATE_LIMITS.resetPassword },
      schema: { tags: ['users'], body: askResetPasswordSchema, response: { 200: detailSchema } },
    },
    async (request) => {
      // Counted whether or not the account exists, so that a refusal reveals nothing.
      await resetMails.check(request.body.email);
      await resetMails.record(request.body.email);
      await askResetPassword(ctx, request.body.email);
      return { detail: RESET_REQUEST_DETAIL };
    },
  );

  app.post(
    '/users/reset_password/',
    {
      config: { rateLimit: RATE_LIMITS.resetPassword },
      schema: { tags: ['users'], body: resetPasswordSchema, response: { 200: detailSchema } },
    },
    async (request) => {
      await resetPassword(ctx, throttle, request.body);
      return { detail: 'Your password was changed successfully.' };
    },
  );
};
