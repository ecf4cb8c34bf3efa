import { API_VERSION, API_VERSION_HEADER } from '@shortlist/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The page's policy. Ant Design writes its styles at run time ('unsafe-inline' styles); no
 * `upgrade-insecure-requests`: plain-http installs (a laptop, an intranet) must keep working, TLS is the
 * proxy's business.
 */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  "base-uri 'self'",
  "font-src 'self' https: data:",
  "form-action 'self'",
  "frame-ancestors 'self'",
  "img-src 'self' data: https:",
  "object-src 'none'",
  "script-src 'self'",
  "script-src-attr 'none'",
  "style-src 'self' 'unsafe-inline'",
  "worker-src 'self' blob:",
].join(';');

/**
 * Helmet's protections with the policy above, as it sent them (no HSTS: the proxy decides), written
 * once instead of helmet building its middleware again for each request: what a page needs.
 */
export const DOCUMENT_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': CONTENT_SECURITY_POLICY,
  'cross-origin-opener-policy': 'same-origin',
  'cross-origin-resource-policy': 'same-origin',
  'origin-agent-cluster': '?1',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-dns-prefetch-control': 'off',
  'x-download-options': 'noopen',
  'x-frame-options': 'SAMEORIGIN',
  'x-permitted-cross-domain-policies': 'none',
  'x-xss-protection': '0',
};

/**
 * What still protects the API's replies, which the web app reads but which are not pages: no sniffing,
 * no reading from another site, framed by our pages alone, and nothing loaded should one be opened as a
 * document (a file, which is, sets the page policy itself). The other six govern a page's window,
 * prefetching and old browsers' filters: with the short policy, a third of a short list's reply headers
 * and 480 bytes less to write and parse (decision 67).
 */
export const API_HEADERS: Readonly<Record<string, string>> = {
  'content-security-policy': "default-src 'none';frame-ancestors 'self'",
  'cross-origin-resource-policy': 'same-origin',
  'referrer-policy': 'no-referrer',
  'x-content-type-options': 'nosniff',
  'x-frame-options': 'SAMEORIGIN',
};

const withVersion = (headers: Record<string, string>) =>
  Object.entries({ ...headers, [API_VERSION_HEADER]: API_VERSION });
const documentHeaders = withVersion(DOCUMENT_HEADERS);
const apiHeaders = withVersion(API_HEADERS);

/** The API's replies, but not its docs, which are a page. */
const isApiReply = (url: string) => url.startsWith('/api/') && !url.startsWith('/api/docs');

/**
 * Every reply's fixed headers and its request id, set when the request arrives (as helmet did), so that
 * errors, 404s and streamed replies carry them too.
 */
export function registerReplyHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of isApiReply(request.url) ? apiHeaders : documentHeaders)
      reply.raw.setHeader(name, value);
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });
}
