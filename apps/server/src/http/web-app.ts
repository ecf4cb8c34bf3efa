import { existsSync } from 'node:fs';
import path from 'node:path';
import fastifyStatic from '@fastify/static';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { answerFirstRequest, FIRST_REPLY_SLOT, withFirstReply } from './first-reply.ts';
import { createPageCompressor, pageEncoding } from './page-encoding.ts';
import { indexHtmlFor } from './route-preloads.ts';

/**
 * Vite names every built asset by its content's hash: a name never changes content. No `public`: a shared
 * cache may store a reply to a request without Authorization anyway (RFC 9111 §3), and no asset request
 * carries one (the app's token goes to the API alone).
 */
const IMMUTABLE = 'max-age=31536000, immutable';
/** index.html names the current assets: always asked again, so a release is seen at once. */
const REVALIDATE = 'no-cache';
/** index.html holding a page's data (first-reply.ts): a judge's view, opened by the token in its URL. */
const PRIVATE = 'no-store';

const isHashedAsset = (filePath: string) => filePath.split(path.sep).includes('assets');
/** Where the build writes its hashed files (Vite's `assets` folder). */
const ASSETS_PREFIX = '/assets/';

/**
 * What a hashed asset's reply keeps. The page's protections (CSP, frame and referrer policies…) act on
 * the HTML document, not on a script or a style sent with `nosniff`; validators are pointless on a file
 * never asked again. A public page downloads some 15 of these files: ~0.5 KiB of headers each saved.
 */
const ASSET_HEADERS = new Set([
  'cache-control',
  'content-encoding',
  'content-length',
  'content-type',
  'vary',
  'x-content-type-options',
]);

/**
 * A script's type: `text/javascript` (RFC 9239), without @fastify/static's `application/javascript;
 * charset=utf-8`. The build's scripts are modules, which a browser decodes as UTF-8 whatever the header
 * says (HTML, "fetch a single module script"); 22 bytes less on each of a page's 20 to 70 scripts.
 */
const SCRIPT_TYPE = 'text/javascript';

/**
 * Trims a hashed asset's reply to what a browser uses (decision 228): over HTTP/1.1, where each reply's
 * headers travel uncompressed, an admin page's 40 to 80 files carried some 330 bytes each.
 */
async function keepAssetHeaders(request: FastifyRequest, reply: FastifyReply) {
  if (reply.getHeader('cache-control') !== IMMUTABLE) return;
  for (const name of Object.keys(reply.getHeaders())) if (!ASSET_HEADERS.has(name)) reply.removeHeader(name);
  if (String(reply.getHeader('content-type')).startsWith('application/javascript'))
    reply.header('content-type', SCRIPT_TYPE);
  // Node writes `Connection: keep-alive` and `Keep-Alive: timeout=72` on every reply it keeps the
  // connection open after. An HTTP/1.1 connection persists unless a reply says `close` (RFC 9112 §9.3),
  // and browsers neither need the first line nor, Chromium, read the second (a hint of when the server
  // closes an idle connection: a GET on a connection closed meanwhile is sent again). Removing the header
  // drops both lines, and Node still keeps the connection (`_storeHeader`); when it is to close it (the
  // connection's last request, an HTTP/1.0 client), the reply keeps its `Connection: close`. Behind a
  // proxy, these two lines are the proxy's own (hop-by-hop): this saves bytes only where Node answers the
  // browser itself.
  const raw = reply.raw as typeof reply.raw & { maxRequestsOnConnectionReached?: boolean };
  if (request.raw.httpVersion === '1.1' && raw.shouldKeepAlive && !raw.maxRequestsOnConnectionReached)
    raw.removeHeader('connection');
}

/**
 * Serves the built React app when there is one, brotli or gzip files written by the build when the
 * browser takes them; any unknown GET outside /api then answers index.html so that the client's
 * router handles deep links (history fallback).
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
  // In their own context, so that this hook runs last, after the app's own (security, version headers).
  await app.register(async (files) => {
    files.addHook('onSend', keepAssetHeaders);
    await files.register(fastifyStatic, {
      root: distDir,
      wildcard: false,
      // A route per file, found at start: the build's brotli and gzip copies are sent in their file's
      // place (`preCompressed`), and their 400 routes more cost a start 0.3 CPU-s.
      globIgnore: ['**/*.br', '**/*.gz'],
      // index.html goes through the handler below, which names the page's chunks in it.
      index: false,
      preCompressed: true,
      cacheControl: false,
      setHeaders: (reply: FastifyReply, filePath: string) =>
        reply.header('cache-control', isHashedAsset(filePath) ? IMMUTABLE : REVALIDATE),
    });
  });
  const indexHtml = indexHtmlFor(distDir);
  // An admin page's HTML, with its ~70 preloads, is 8 KiB; 1.5 compressed.
  const compressPage = createPageCompressor();
  const sendIndex = async (request: FastifyRequest, reply: FastifyReply) => {
    const url = new URL(request.url, 'http://page');
    const html = indexHtml(url.pathname, url.searchParams);
    // A build with the slot gets the page's first request answered within it (first-reply.ts).
    const first = html.includes(FIRST_REPLY_SLOT)
      ? await answerFirstRequest(app, request, url.pathname, url.searchParams)
      : null;
    reply
      .type('text/html; charset=utf-8')
      .header('cache-control', first ? PRIVATE : REVALIDATE)
      .header('vary', 'accept-encoding');
    const page = withFirstReply(html, first);
    const encoding = pageEncoding(request.headers['accept-encoding']);
    if (!encoding) return reply.send(page);
    return reply.header('content-encoding', encoding).send(compressPage(page, encoding, !first));
  };
  app.setNotFoundHandler((request, reply) => {
    // A chunk of an older build is gone after a release: a 404, not index.html, which the browser would
    // refuse as a script after a page's work. The tab then reloads onto the new build (chunk-reload.ts).
    const isAsset = request.url.startsWith(ASSETS_PREFIX);
    const isPage = request.method === 'GET' && !request.url.startsWith('/api') && !isAsset;
    if (isPage) return sendIndex(request, reply);
    return reply.status(404).send({ code: 'NOT_FOUND', detail: 'Not found.' });
  });
}
