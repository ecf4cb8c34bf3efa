import { contactMessageSchema, detailSchema } from '@shortlist/contract';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context.ts';
import { contactMessages } from '../../db/schema/index.ts';
import { loadUser } from '../../http/auth.ts';
import { RATE_LIMITS } from '../../http/rate-limits.ts';

/** The contact box: anyone may write (judges answer without an account); the site's address gets a copy. */
export const contactRoutes: FastifyPluginAsyncZod<{ ctx: AppContext }> = async (app, { ctx }) => {
  app.post(
    '/contact-messages/',
    {
      preHandler: loadUser(ctx),
      config: { rateLimit: RATE_LIMITS.contact },
      schema: { tags: ['contact'], body: contactMessageSchema, response: { 201: detailSchema } },
    },
    async (request, reply) => {
      const { message } = request.body;
      const user = request.user;
      await ctx.db.insert(contactMessages).values({ message, userId: user?.id ?? null });
      await ctx.mailer.send({
        to: ctx.config.mailFrom,
        subject: 'Shortlist: a message from the contact box',
        text: `${message}\n\n— ${user ? `${user.email} (user ${user.id})` : 'an anonymous visitor'}`,
      });
      return reply.status(201).send({ detail: 'Thank you for your message.' });
    },
  );
};
