import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { Agent, request as httpRequest } from 'node:http';
import { type AddressInfo, connect } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { brotliCompressSync, brotliDecompressSync, gunzipSync, gzipSync } from 'node:zlib';
import { API_VERSION, API_VERSION_HEADER } from '@shortlist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { BROWSER_ACCEPT_ENCODING } from '../test/browser-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let dist: string;
const script = `console.log(${JSON.stringify('x'.repeat(4000))});`;

beforeAll(async () => {
  dist = mkdtempSync(path.join(tmpdir(), 'shortlist-dist-'));
  mkdirSync(path.join(dist, 'assets'));
  writeFileSync(
    path.join(dist, 'index.html'),
    `<!doctype html><html><head><meta name="description" content="${'Shortlist. '.repeat(100)}"><script src="/assets/app-1a2b.js"></script></head><body></body></html>`,
  );
  // As the build writes it (apps/web/route-preloads-plugin.ts).
  writeFileSync(
    path.join(dist, 'route-preloads.json'),
    JSON.stringify([
      { path: '/forms/:id', scripts: ['/assets/form-page-9f.js'], styles: [] },
      { path: '*', scripts: ['/assets/admin-app-7c.js'], styles: [] },
      { path: '/selection/:id/answer', scripts: ['/assets/answer-1.js'], styles: ['/assets/answer-2.css'] },
      { path: '/team/:teamId/issue/:id/manage', scripts: ['/assets/general-tab-3.js'], styles: [] },
      { path: '/team/:teamId/issue/:id/manage?tab=report', scripts: ['/assets/report-tab-4.js'], styles: [] },
    ]),
  );
  const asset = path.join(dist, 'assets', 'app-1a2b.js');
  writeFileSync(asset, script);
  writeFileSync(`${asset}.br`, brotliCompressSync(script));
  writeFileSync(`${asset}.gz`, gzipSync(script));
  writeFileSync(path.join(dist, 'assets', 'app-3c4d.css'), 'body{margin:0}');
  t = await createTestApp({ webDist: dist });
});
afterAll(async () => {
  await t.close();
  rmSync(dist, { recursive: true, force: true });
});

describe('the web app as served', () => {
  it('sends the build’s brotli or gzip file, cached for good since its name holds its hash', async () => {
    const br = await t.request({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip, br' },
    });
    expect(br.headers['content-encoding']).toBe('br');
    // RFC 9239's type for scripts, the brotli copy's as the file's; no charset: modules are UTF-8.
    expect(br.headers['content-type']).toBe('text/javascript');
    expect(br.headers['cache-control']).toBe('max-age=31536000, immutable');
    expect(br.headers.vary).toMatch(/accept-encoding/i);
    expect(brotliDecompressSync(br.rawPayload).toString()).toBe(script);
    const gz = await t.request({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(script);
    expect(gz.headers['content-type']).toBe('text/javascript');
    const plain = await t.request({ method: 'GET', url: '/assets/app-1a2b.js' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.headers['content-type']).toBe('text/javascript');
    expect(plain.body).toBe(script);
    // A stylesheet keeps its charset: CSS has no such rule.
    const style = await t.request({ method: 'GET', url: '/assets/app-3c4d.css' });
    expect(style.headers['content-type']).toBe('text/css; charset=utf-8');
    expect(style.headers['cache-control']).toBe('max-age=31536000, immutable');
  });

  it('sends a hashed asset over HTTP/1.1 without Connection and Keep-Alive lines, the connection kept', async () => {
    const server = await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    expect(server).toContain(String(port));
    const agent = new Agent({ keepAlive: true, maxSockets: 1 });
    const get = (url: string) =>
      new Promise<{ headers: string[]; reused: boolean }>((resolve, reject) => {
        const req = httpRequest({ port, path: url, agent }, (res) => {
          res.resume();
          res.on('end', () => resolve({ headers: res.rawHeaders, reused: req.reusedSocket }));
        });
        req.on('error', reject);
        req.end();
      });
    const names = (headers: string[]) => headers.filter((_, i) => i % 2 === 0).map((h) => h.toLowerCase());
    try {
      const first = await get('/assets/app-1a2b.js');
      expect(names(first.headers)).not.toContain('connection');
      expect(names(first.headers)).not.toContain('keep-alive');
      expect(names(first.headers)).toContain('date');
      // The same connection answers again: persistence is HTTP/1.1's default.
      const second = await get('/assets/app-1a2b.js');
      expect(second.reused).toBe(true);
      // index.html and the API keep Node's lines.
      const page = await get('/forms/12');
      expect(page.reused).toBe(true);
      expect(names(page.headers)).toContain('keep-alive');
      // An HTTP/1.0 client, whose connection closes after the reply, is told so.
      const old = await new Promise<string>((resolve, reject) => {
        const socket = connect(port, '127.0.0.1', () =>
          socket.write('GET /assets/app-1a2b.js HTTP/1.0\r\n\r\n'),
        );
        let text = '';
        socket.on('data', (data) => {
          text += data.toString('latin1');
        });
        socket.on('end', () => resolve(text.slice(0, text.indexOf('\r\n\r\n'))));
        socket.on('error', reject);
      });
      expect(old).toMatch(/^HTTP\/1\.1 200/);
      expect(old).toMatch(/\r\nConnection: close(\r\n|$)/i);
    } finally {
      agent.destroy();
    }
  });

  it('sends a hashed asset with the headers a script needs, the page’s protections with index.html', async () => {
    const asset = await t.request({
      method: 'GET',
      url: '/assets/app-1a2b.js',
      headers: { 'accept-encoding': 'br' },
    });
    expect(
      Object.keys(asset.headers)
        .filter((name) => !['date', 'connection', 'keep-alive'].includes(name))
        .sort(),
    ).toEqual([
      'cache-control',
      'content-encoding',
      'content-length',
      'content-type',
      'vary',
      'x-content-type-options',
    ]);
    expect(asset.headers['x-content-type-options']).toBe('nosniff');
    const page = await t.request({ method: 'GET', url: '/forms/12' });
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['x-frame-options']).toBe('SAMEORIGIN');
    expect(page.headers[API_VERSION_HEADER]).toBe(API_VERSION);
    const api = await t.request({ method: 'GET', url: '/api/v1/users/me/' });
    expect(api.headers['x-content-type-options']).toBe('nosniff');
    expect(api.headers[API_VERSION_HEADER]).toBe(API_VERSION);
  });

  it('asks the browser to check index.html again each time, deep links included', async () => {
    for (const url of ['/', '/team/3/items', '/forms/12']) {
      const page = await t.request({ method: 'GET', url });
      expect([url, page.statusCode, page.headers['cache-control']]).toEqual([url, 200, 'no-cache']);
      expect(page.body).toContain('/assets/app-1a2b.js');
    }
  });

  it('answers 404 for a hashed file the build no longer has, never index.html', async () => {
    const gone = await t.request({ method: 'GET', url: '/assets/items-page-0ld.js' });
    expect(gone.statusCode).toBe(404);
    expect(gone.headers['content-type']).toMatch(/json/);
    const style = await t.request({ method: 'GET', url: '/assets/items-page-0ld.css?v=1' });
    expect(style.statusCode).toBe(404);
    // A page whose path merely starts like it is still a page.
    expect((await t.request({ method: 'GET', url: '/assetsy' })).statusCode).toBe(200);
  });

  it('names the chunks of the page asked for in index.html, so they load along with the entry', async () => {
    const preloads = async (url: string) => {
      const page = await t.request({ method: 'GET', url });
      expect(page.statusCode).toBe(200);
      return [...page.body.matchAll(/<link rel="(?:modulepreload|preload)"[^>]* href="([^"]+)"/g)].map(
        (m) => m[1],
      );
    };
    expect(await preloads('/forms/12')).toEqual(['/assets/form-page-9f.js']);
    expect(await preloads('/forms/12?lang=fr')).toEqual(['/assets/form-page-9f.js']);
    expect(await preloads('/selection/4/answer?token=abc')).toEqual([
      '/assets/answer-1.js',
      '/assets/answer-2.css',
    ]);
    // Any other page is the signed-in app; a path that only starts like a public one too.
    expect(await preloads('/')).toEqual(['/assets/admin-app-7c.js']);
    expect(await preloads('/team/3/items')).toEqual(['/assets/admin-app-7c.js']);
    expect(await preloads('/forms/12/extra')).toEqual(['/assets/admin-app-7c.js']);
    // A page whose tab decides what it loads first: the route with that query value, else the path's own.
    expect(await preloads('/team/3/issue/8/manage?tab=report')).toEqual(['/assets/report-tab-4.js']);
    expect(await preloads('/team/3/issue/8/manage?x=1&tab=report')).toEqual(['/assets/report-tab-4.js']);
    expect(await preloads('/team/3/issue/8/manage?tab=access')).toEqual(['/assets/general-tab-3.js']);
    expect(await preloads('/team/3/issue/8/manage')).toEqual(['/assets/general-tab-3.js']);
  });

  it('compresses the page for browsers that accept it', async () => {
    const page = await t.request({
      method: 'GET',
      url: '/team/3/items',
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    expect(page.headers['content-encoding']).toBe('br');
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers.vary).toMatch(/accept-encoding/i);
    const html = brotliDecompressSync(page.rawPayload).toString();
    expect(html).toContain('<link rel="modulepreload" crossorigin href="/assets/admin-app-7c.js">');
    expect(page.rawPayload.length).toBeLessThan(html.length / 4);
    // Brotli refused by its q-value: gzip.
    const gz = await t.request({
      method: 'GET',
      url: '/team/3/items',
      headers: { 'accept-encoding': 'br;q=0, gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(gunzipSync(gz.rawPayload).toString()).toBe(html);
    const plain = await t.request({ method: 'GET', url: '/team/3/items' });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(html);
  });

  it('compresses API replies of 1 KB and more for clients that accept it', async () => {
    const admin = await t.createAdmin();
    for (let i = 0; i < 30; i += 1) {
      await t.request({
        method: 'POST',
        url: `/api/v1/teams/${admin.team.id}/tags/`,
        token: admin.token,
        payload: { name: `a longer tag, number ${i}` },
      });
    }
    const url = `/api/v1/teams/${admin.team.id}/tags/?limit=100`;
    const reply = await t.request({
      method: 'GET',
      url,
      token: admin.token,
      headers: { 'accept-encoding': 'br' },
    });
    expect(reply.headers['content-encoding']).toBe('br');
    expect(JSON.parse(brotliDecompressSync(reply.rawPayload).toString()).count).toBeGreaterThan(0);
    const plain = await t.request({ method: 'GET', url, token: admin.token });
    expect(plain.headers['content-encoding']).toBeUndefined();
  });
});
