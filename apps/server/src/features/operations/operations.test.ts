import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildApp } from '../../app.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { enqueueMail } from '../mail/queue.ts';

const TOKEN = 'metrics-token-0123456789';
let dataDir: string;
let t: TestApp;

beforeAll(async () => {
  dataDir = mkdtempSync(path.join(tmpdir(), 'shortlist-ops-'));
  t = await createTestApp({ env: { DATA_DIR: dataDir, METRICS_TOKEN: TOKEN } });
});
afterAll(async () => {
  await t.close();
  rmSync(dataDir, { recursive: true, force: true });
});

describe('operations endpoints', () => {
  it('answer health and readiness in JSON, never the web app', async () => {
    const health = await t.request({ method: 'GET', url: '/healthz' });
    expect(health.statusCode).toBe(200);
    expect(health.json()).toEqual({ status: 'ok' });
    const ready = await t.request({ method: 'GET', url: '/readyz' });
    expect(ready.statusCode).toBe(200);
    expect(ready.json()).toEqual({ status: 'ready', checks: { database: 'ok', files: 'ok' } });
  });

  it('is not ready when the file storage cannot be written', async () => {
    const notADirectory = path.join(dataDir, 'plain-file');
    writeFileSync(notADirectory, 'x');
    const broken = await createTestApp({ env: { DATA_DIR: notADirectory } });
    try {
      const ready = await broken.request({ method: 'GET', url: '/readyz' });
      expect(ready.statusCode).toBe(503);
      expect(ready.json().status).toBe('unavailable');
      expect(ready.json().checks.database).toBe('ok');
      expect(ready.json().checks.files).not.toBe('ok');
      expect((await broken.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(404);
    } finally {
      await broken.close();
    }
  });

  it('serves Prometheus metrics to the token only, requests counted by route pattern', async () => {
    const admin = await t.createAdmin();
    await t.request({ method: 'GET', url: `/api/v1/teams/${admin.team.id}/tags/`, token: admin.token });
    expect((await t.request({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
    const wrong = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: 'Bearer nope' },
    });
    expect(wrong.statusCode).toBe(401);
    const reply = await t.request({
      method: 'GET',
      url: '/metrics',
      headers: { authorization: `Bearer ${TOKEN}` },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.headers['content-type']).toMatch(/^text\/plain/);
    expect(reply.body).toMatch(
      /http_request_duration_seconds_count\{method="GET",route="\/api\/v1\/teams\/:id\/tags\/",status="200"\} 1/,
    );
    expect(reply.body).toMatch(/^mail_queue_depth 0$/m);
    expect(reply.body).toContain('process_cpu_user_seconds_total');
  });

  it('counts a failed background task by its name, and the mail waiting in the queue', async () => {
    const bearer = { authorization: `Bearer ${TOKEN}` };
    await enqueueMail(t.db, [
      { to: 'a@example.org', subject: 'One', text: 'One' },
      { to: 'b@example.org', subject: 'Two', text: 'Two' },
    ]);
    const queued = await t.request({ method: 'GET', url: '/metrics', headers: bearer });
    expect(queued.body).toMatch(/^mail_queue_depth 2$/m);
    // The event loop's delay, what a request waits behind work on the main thread (issue 57).
    expect(queued.body).toMatch(/^nodejs_eventloop_lag_p99_seconds \d/m);

    // The webhook task's table gone for a while, as a broken database would make it: its runs throw.
    await t.db.execute(sql`alter table webhook_deliveries rename to webhook_deliveries_away`);
    const withJobs = await buildApp({
      config: t.app.ctx.config,
      db: t.db,
      engine: t.engine,
      jwtSecret: 'test-secret-test-secret-test-secret-42',
      logger: false,
      backgroundJobs: true,
    });
    try {
      await withJobs.ready();
      expect((await withJobs.inject({ method: 'GET', url: '/metrics' })).statusCode).toBe(401);
      await vi.waitFor(
        async () => {
          const reply = await withJobs.inject({ method: 'GET', url: '/metrics', headers: bearer });
          expect(reply.statusCode).toBe(200);
          expect(reply.body).toMatch(/^background_task_failures_total\{task="deliverDueWebhooks"\} [1-9]/m);
        },
        { timeout: 15_000, interval: 250 },
      );
    } finally {
      await withJobs.close();
      await t.db.execute(sql`alter table webhook_deliveries_away rename to webhook_deliveries`);
    }
  });

  it('echoes a proxy’s request id, or gives one', async () => {
    const given = await t.request({ method: 'GET', url: '/healthz', headers: { 'x-request-id': 'abc-123' } });
    expect(given.headers['x-request-id']).toBe('abc-123');
    const own = await t.request({ method: 'GET', url: '/healthz' });
    expect(own.headers['x-request-id']).toBeTruthy();
  });
});
