import {
  SSO_PATHS,
  SSO_PREFIX,
  ssoExchangeSchema,
  ssoProviderParamsSchema,
  ssoProvidersSchema,
  ssoStartQuerySchema,
  tokenPairSchema,
} from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { notFound } from '../../http/errors.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';
import { createSsoProviders } from './providers.ts';
import { exchangeCode, finishSignIn, loginLocation, SsoFailure, safeNext, startSignIn } from './service.ts';
import { createStateCookie } from './state-cookie.ts';

/**
 * `/api/auth/oidc/…`: sign-in through the operator's OpenID Connect providers (decision 82). The
 * start and the callback are browser navigations, so their failures are redirects to the sign-in
 * page with a code, never a JSON page.
 */
export const ssoRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; jwtSecret: string }> = async (
  app,
  { ctx, jwtSecret },
) => {
  const providers = createSsoProviders(ctx.config.ssoProviders, ctx.config.publicUrl);
  const cookie = createStateCookie(jwtSecret, ctx.config.publicUrl);
  const providerNamed = (name: string) => {
    const provider = providers.find(name);
    if (!provider) throw notFound();
    return provider;
  };

  app.get(SSO_PATHS.providers, { schema: { tags: ['auth'], response: { 200: ssoProvidersSchema } } }, () =>
    providers.list(),
  );

  app.get(
    `${SSO_PREFIX}/:provider/start`,
    {
      config: { rateLimit: RATE_LIMITS.sso },
      schema: { tags: ['auth'], params: ssoProviderParamsSchema, querystring: ssoStartQuerySchema },
    },
    async (request, reply) => {
      const provider = providerNamed(request.params.provider);
      const next = safeNext(request.query.next);
      try {
        const { url, state } = await startSignIn(providers, provider, next);
        return reply.header('set-cookie', await cookie.seal(state)).redirect(url.href);
      } catch (error) {
        if (!(error instanceof SsoFailure)) throw error;
        request.log.warn({ err: error.cause, provider: provider.name }, `sso start: ${error.code}`);
        return reply.redirect(loginLocation(next, { failure: error.code }));
      }
    },
  );

  app.get(
    `${SSO_PREFIX}/:provider/callback`,
    {
      config: { rateLimit: RATE_LIMITS.sso },
      schema: { tags: ['auth'], params: ssoProviderParamsSchema },
    },
    async (request, reply) => {
      const provider = providerNamed(request.params.provider);
      const saved = await cookie.open(request.headers.cookie);
      const next = safeNext(saved?.next);
      const query = new URLSearchParams(request.url.split('?')[1] ?? '');
      reply.header('set-cookie', cookie.clear());
      try {
        const code = await finishSignIn(ctx, providers, { provider, saved, query });
        return reply.redirect(loginLocation(next, { code }));
      } catch (error) {
        if (!(error instanceof SsoFailure)) throw error;
        request.log.warn({ err: error.cause, provider: provider.name }, `sso callback: ${error.code}`);
        return reply.redirect(loginLocation(next, { failure: error.code }));
      }
    },
  );

  app.post(
    SSO_PATHS.exchange,
    {
      config: { rateLimit: RATE_LIMITS.sso },
      schema: { tags: ['auth'], body: ssoExchangeSchema, response: { 200: tokenPairSchema } },
    },
    (request) => exchangeCode(ctx, request.body.code),
  );
};
