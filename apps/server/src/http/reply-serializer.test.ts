import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { replySerializer } from './reply-serializer.ts';

const app = Fastify({ logger: false });
beforeAll(async () => {
  app.setSerializerCompiler(replySerializer);
  const schema = { response: { 200: z.object({ id: z.number().int(), name: z.string().nullable() }) } };
  app.get('/shaped', { schema }, async () => ({ id: 1, name: null, passwordHash: 'secret' }));
  app.get('/misshaped', { schema }, async () => ({ id: 'one', name: 'x' }));
  await app.ready();
});
afterAll(() => app.close());

describe('reply serializer', () => {
  it('writes what the schema names and drops the rest', async () => {
    const reply = await app.inject({ url: '/shaped' });
    expect(reply.statusCode).toBe(200);
    expect(reply.body).toBe('{"id":1,"name":null}');
  });

  it('refuses a reply that does not match its schema instead of sending it', async () => {
    const reply = await app.inject({ url: '/misshaped' });
    expect(reply.statusCode).toBe(500);
    expect(reply.body).not.toContain('"one"');
  });
});
