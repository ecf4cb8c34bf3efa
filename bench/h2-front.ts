// A TLS front speaking HTTP/2 to the browser and HTTP/1.1 to the app, as the deployments of
// docs/operations.md do (Caddy by default, nginx with `http2 on`): the page benches load each page through
// it and straight from the app, so that both protocols are measured in the same run. Its certificate is
// self-signed for 127.0.0.1 (openssl, in a temporary folder); the bench's browser trusts its key.
import { execFileSync } from 'node:child_process';
import { createHash, createPublicKey } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import http from 'node:http';
import http2 from 'node:http2';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';

/** Headers of one HTTP/1.1 hop that HTTP/2 forbids (RFC 9113, 8.2.2). */
const HOP_BY_HOP = new Set(['connection', 'keep-alive', 'proxy-connection', 'transfer-encoding', 'upgrade']);

function selfSignedCertificate() {
  const dir = mkdtempSync(path.join(tmpdir(), 'shortlist-h2-'));
  const [key, cert] = [path.join(dir, 'key.pem'), path.join(dir, 'cert.pem')];
  execFileSync(
    'openssl',
    [
      'req',
      '-x509',
      '-newkey',
      'ec',
      '-pkeyopt',
      'ec_paramgen_curve:prime256v1',
      '-nodes',
      '-days',
      '1',
      '-subj',
      '/CN=127.0.0.1',
      '-addext',
      'subjectAltName=IP:127.0.0.1',
      '-keyout',
      key,
      '-out',
      cert,
    ],
    { stdio: 'ignore' },
  );
  const pair = { key: readFileSync(key), cert: readFileSync(cert) };
  rmSync(dir, { recursive: true, force: true });
  return pair;
}

/** The SHA-256 of a certificate's public key, base64: what Chromium's `--ignore-certificate-errors-spki-list` names. */
function spkiHash(cert: Buffer) {
  const der = createPublicKey(cert).export({ type: 'spki', format: 'der' });
  return createHash('sha256').update(der).digest('base64');
}

/**
 * The browser switch that trusts the fronts' keys: without it each context's first connection was refused
 * ("certificate unknown") before the context's `ignoreHTTPSErrors` let the next one through.
 */
export const trustSwitch = (fronts: { spki: string }[]) =>
  fronts.length > 0 ? [`--ignore-certificate-errors-spki-list=${fronts.map((f) => f.spki).join(',')}`] : [];

/** Starts the front before `target` (the app's http:// origin); `url` is its https:// origin. */
export async function startH2Front(target: string) {
  const app = new URL(target);
  const agent = new http.Agent({ keepAlive: true });
  const certificate = selfSignedCertificate();
  const inFlight = new Map<http2.Http2ServerResponse, { path: string; stage: string }>();
  const server = http2.createSecureServer(certificate, (request, response) => {
    const entry = { path: request.url, stage: 'sent upstream' };
    inFlight.set(response, entry);
    response.once('close', () => inFlight.delete(response));
    const headers: http.OutgoingHttpHeaders = {};
    for (const [name, value] of Object.entries(request.headers)) {
      if (!name.startsWith(':') && !HOP_BY_HOP.has(name)) headers[name] = value;
    }
    headers.host = request.headers[':authority'];
    const upstream = http.request(
      { agent, host: app.hostname, port: app.port, method: request.method, path: request.url, headers },
      (reply) => {
        entry.stage = `upstream ${reply.statusCode}`;
        reply.once('end', () => (entry.stage = 'upstream ended'));
        const replyHeaders: http.OutgoingHttpHeaders = {};
        for (const [name, value] of Object.entries(reply.headers)) {
          if (!HOP_BY_HOP.has(name)) replyHeaders[name] = value;
        }
        response.writeHead(reply.statusCode ?? 502, replyHeaders);
        reply.pipe(response);
      },
    );
    upstream.on('error', (error) => {
      entry.stage = `upstream error ${error.message}`;
      if (!response.headersSent) response.writeHead(502);
      response.end();
    });
    request.pipe(upstream);
  });
  const sessions = new Set<http2.ServerHttp2Session>();
  server.on('session', (session) => {
    sessions.add(session);
    session.once('close', () => sessions.delete(session));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `https://127.0.0.1:${port}`,
    /** Its key's hash, for the browser to trust (`trustSwitch`). */
    spki: spkiHash(certificate.cert),
    /** The requests not answered yet, with how far each got: what a stalled page waits for. */
    inFlight: () => [...inFlight.values()].map(({ path: at, stage }) => `${at} (${stage})`),
    async stop() {
      for (const session of sessions) session.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      agent.destroy();
    },
  };
}
