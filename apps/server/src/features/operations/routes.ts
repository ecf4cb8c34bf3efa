import { timingSafeEqual } from 'node:crypto';
import { sql } from 'drizzle-orm';
import type { FastifyPluginAsync } from 'fastify';
import type { AppContext } from '../../context.ts';
import type { Metrics } from './metrics.ts';

/** A probe that has not answered in this time says "not ready" as clearly as one that failed. */
const PROBE_WAIT_MS = 2_000;

async function check(probe: () => Promise<unknown>) {
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new Error(`no answer within ${PROBE_WAIT_MS} ms`)), PROBE_WAIT_MS);
  });
  try {
    await Promise.race([probe(), late]);
    return 'ok';
  } catch (error) {
    return error instanceof Error ? error.message : 'failed';
  } finally {
    clearTimeout(timer);
  }
}

const sameToken = (given: string, expected: string) => {
  const a = Buffer.from(given);
  const b = Buffer.from(expected);
  return a.length === b.length && timingSafeEqual(a, b);
};

/**
 * For load balancers and monitoring, outside the API: `/healthz` (the process answers), `/readyz` (it
 * can reach its database and its file storage) and `/metrics` (Prometheus, with METRICS_TOKEN).
 */
export const operationRoutes: FastifyPluginAsync<{ ctx: AppContext; metrics: Metrics }> = async (
  app,
  { ctx, metrics },
) => {
  app.get('/healthz', { schema: { hide: true } }, async (_request, reply) =>
    reply.header('cache-control', 'no-store').send({ status: 'ok' }),
  );

  app.get('/readyz', { schema: { hide: true } }, async (_request, reply) => {
    const checks = {
      database: await check(() => ctx.db.execute(sql`select 1`)),
      files: await check(() => ctx.files.check()),
    };
    const isReady = Object.values(checks).every((result) => result === 'ok');
    return reply
      .status(isReady ? 200 : 503)
      .header('cache-control', 'no-store')
      .send({ status: isReady ? 'ready' : 'unavailable', checks });
  });

  app.get('/metrics', { schema: { hide: true } }, async (request, reply) => {
    const token = ctx.config.metricsToken;
    // Off unless a token is set: the figures say much about the install.
    if (!token) return reply.status(404).send({ code: 'NOT_FOUND', detail: 'Not found.' });
    const given = request.headers.authorization?.replace(/^Bearer /, '') ?? '';
    if (!sameToken(given, token)) {
      return reply
        .status(401)
        .send({ code: 'not_authenticated', detail: 'A valid metrics token is required.' });
    }
    return reply.type(metrics.registry.contentType).send(await metrics.registry.metrics());
  });
};
