import { API_VERSION, API_VERSION_HEADER } from '@shortlist/contract';
import type { FastifyInstance } from 'fastify';

/**
 * The page's policy. Ant Design writes its styles at run time ('unsafe-inline' styles); no
 * `upgrade-insecure-requests`: plain-http installs (a laptop, an intranet) must keep working, TLS is the
 * proxy's business.
 */
const CONTENT_SECURITY_POLICY = [
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
 * once instead of helmet building its middleware again for each request.
 */
export const SECURITY_HEADERS: Readonly<Record<string, string>> = {
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

const FIXED_HEADERS = Object.entries({ ...SECURITY_HEADERS, [API_VERSION_HEADER]: API_VERSION });

/**
 * Every reply's fixed headers and its request id, set when the request arrives (as helmet did), so that
 * errors, 404s and streamed replies carry them too.
 */
export function registerReplyHeaders(app: FastifyInstance) {
  app.addHook('onRequest', (request, reply, done) => {
    for (const [name, value] of FIXED_HEADERS) reply.raw.setHeader(name, value);
    reply.raw.setHeader('x-request-id', request.id);
    done();
  });
}
