import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance } from 'fastify';

/**
 * Serves the built React app when there is one; any unknown GET outside /api then answers
 * index.html so that the client's router handles deep links (history fallback).
 */
export async function registerWebApp(app: FastifyInstance, distDir: string | undefined) {
  const isBuilt = distDir !== undefined && existsSync(path.join(distDir, 'index.html'));
  if (!isBuilt) {
    if (distDir) app.log.warn({ distDir }, 'the web app is not built: run `npm run build -w apps/web`');
    app.setNotFoundHandler((_request, reply) =>
      reply.status(404).send({ code: 'NOT_FOUND', detail: 'Not found.' }),
    );
    return;
  }
  await app.register(fastifyStatic, { root: distDir, wildcard: false, index: 'index.html' });
  app.setNotFoundHandler((request, reply) => {
    const isPage = request.method === 'GET' && !request.url.startsWith('/api');
    if (isPage) return reply.type('text/html').sendFile('index.html');
    return reply.status(404).send({ code: 'NOT_FOUND', detail: 'Not found.' });
  });
}
