import { captchaChallengeSchema } from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { createCaptchaChallenge, setCaptchaSecret } from './service.ts';

/** Per IP: a respondent needs one challenge per attempt; a burst beyond this is a script. */
export const CAPTCHA_RATE_LIMIT = { max: 30, timeWindow: '1 minute' } as const;

/** Public ALTCHA challenges for the captcha widget of public forms and answer pages. */
export const captchaRoutes: FastifyPluginAsyncZod<{ ctx: AppContext; jwtSecret: string }> = async (
  app,
  { ctx, jwtSecret },
) => {
  setCaptchaSecret(ctx, jwtSecret);
  app.get(
    '/captcha/challenge/',
    {
      config: { rateLimit: CAPTCHA_RATE_LIMIT },
      schema: { tags: ['captcha'], response: { 200: captchaChallengeSchema } },
    },
    async (_request, reply) => {
      reply.header('cache-control', 'no-store');
      return createCaptchaChallenge(ctx);
    },
  );
};
