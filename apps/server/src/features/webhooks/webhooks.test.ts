import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { selectionFactories } from '../selections/test-factories.ts';
import { submissionFactories } from '../submissions/test-factories.ts';
import { deliverWebhooks, networkFailure } from './deliver.ts';
import { type Received, startReceiver } from './test-receiver.ts';

/** What a receiver does with the Standard Webhooks headers: recompute and compare the signature. */
function isValidSignature(secret: string, message: Received) {
  const id = String(message.headers['webhook-id']);
  const timestamp = String(message.headers['webhook-timestamp']);
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  const expected = createHmac('sha256', key).update(`${id}.${timestamp}.${message.body}`).digest('base64');
  const given = String(message.headers['webhook-signature']).replace(/^v1,/, '');
  return given.length === expected.length && timingSafeEqual(Buffer.from(given), Buffer.from(expected));
}

let t: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
/** A port that was just free and is closed again: nothing listens there. */
let closedPort: number;

beforeAll(async () => {
  // The receiver listens on loopback, which webhooks reach only where the operator allows it.
  receiver = await startReceiver();
  closedPort = await new Promise<number>((resolve) => {
    const probe = createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
  const allowed = `127.0.0.1:${receiver.port},127.0.0.1:${closedPort}`;
  t = await createTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: allowed } });
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const api = (token: string, method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });

async function createWebhook(token: string, teamId: number, events: string[]) {
  const reply = await api(token, 'POST', 'webhooks/', { team: teamId, url: receiver.url, events });
  if (reply.statusCode !== 201) throw new Error(reply.body);
  return reply.json() as { id: number; secret: string };
}

describe('webhooks', () => {
  it('are kept per team, with their limits and messages, and 404 for another team', async () => {
    const admin = await t.createAdmin();
    const bad = await api(admin.token, 'POST', 'webhooks/', {
      team: admin.team.id,
      url: 'ftp://x',
      events: [],
    });
    expect(bad.json()).toEqual({
      url: ['Enter a valid URL.'],
      events: ['Ensure this field has at least 1 elements.'],
    });
    const hook = await createWebhook(admin.token, admin.team.id, ['form.submitted']);
    expect(hook.secret).toMatch(/^whsec_[A-Za-z0-9+/=]{44}$/);
    const patched = await api(admin.token, 'PATCH', `webhooks/${hook.id}/`, {
      events: ['selection.closed'],
      active: false,
    });
    expect(patched.json()).toMatchObject({ events: ['selection.closed'], active: false });
    for (let i = 0; i < 9; i += 1) await createWebhook(admin.token, admin.team.id, ['judge.submitted']);
    const tooMany = await api(admin.token, 'POST', 'webhooks/', {
      team: admin.team.id,
      url: receiver.url,
      events: ['judge.submitted'],
    });
    expect(tooMany.json()).toEqual({ code: 'WEBHOOK_LIMIT', detail: 'A team has at most 10 webhooks.' });
    expect((await api(admin.token, 'GET', `webhooks/?team=${admin.team.id}`)).json().count).toBe(10);

    const stranger = await t.createAdmin();
    for (const [method, url] of [
      ['GET', `webhooks/?team=${admin.team.id}`],
      ['PATCH', `webhooks/${hook.id}/`],
      ['DELETE', `webhooks/${hook.id}/`],
      ['POST', `webhooks/${hook.id}/test/`],
      ['GET', `webhooks/${hook.id}/deliveries/`],
    ] as const) {
      expect([
        url,
        (await api(stranger.token, method, url, method === 'PATCH' ? { active: true } : undefined))
          .statusCode,
      ]).toEqual([url, 404]);
    }
    expect((await api(admin.token, 'DELETE', `webhooks/${hook.id}/`)).statusCode).toBe(204);
  });

  it('sign each delivery so that the receiver can verify it, and log it', async () => {
    const admin = await t.createAdmin();
    const hook = await createWebhook(admin.token, admin.team.id, ['form.submitted']);
    expect((await api(admin.token, 'POST', `webhooks/${hook.id}/test/`)).statusCode).toBe(202);
    const before = receiver.received.length;
    expect(await deliverWebhooks(t.app.ctx)).toEqual({ delivered: 1, failed: 0 });
    const [message] = receiver.received.slice(before);
    if (!message) throw new Error('nothing received');
    expect(isValidSignature(hook.secret, message)).toBe(true);
    expect(isValidSignature(hook.secret, { ...message, body: message.body.replace('ping', 'pong') })).toBe(
      false,
    );
    expect(JSON.parse(message.body)).toMatchObject({ type: 'ping', data: { webhook: hook.id } });
    expect(Number(message.headers['webhook-timestamp'])).toBeCloseTo(Date.now() / 1000, -1);
    const log = (await api(admin.token, 'GET', `webhooks/${hook.id}/deliveries/`)).json();
    expect(log.results[0]).toMatchObject({
      event: 'ping',
      status: 'delivered',
      attempts: 1,
      response_code: 200,
    });
  });

  it('retry a delivery the receiver refused once it recovers, from the durable queue', async () => {
    const admin = await t.createAdmin();
    const hook = await createWebhook(admin.token, admin.team.id, ['selection.closed']);
    const issue = await selectionFactories(t).createIssue(admin.token, admin.team.id);
    receiver.statuses.push(500);
    const closed = await api(admin.token, 'PATCH', `issues/${issue.id}/`, {
      resourcetype: 'RatingIssue',
      status: 'closed',
    });
    expect(closed.statusCode).toBe(200);
    expect(await deliverWebhooks(t.app.ctx)).toEqual({ delivered: 0, failed: 1 });
    let log = (await api(admin.token, 'GET', `webhooks/${hook.id}/deliveries/`)).json().results;
    expect(log[0]).toMatchObject({
      event: 'selection.closed',
      status: 'pending',
      attempts: 1,
      response_code: 500,
      error: 'HTTP 500',
    });
    expect(log[0].next_attempt_time).not.toBeNull();
    // Not due yet; an hour later it is.
    expect(await deliverWebhooks(t.app.ctx)).toEqual({ delivered: 0, failed: 0 });
    expect(await deliverWebhooks(t.app.ctx, new Date(Date.now() + 60 * 60 * 1000))).toEqual({
      delivered: 1,
      failed: 0,
    });
    log = (await api(admin.token, 'GET', `webhooks/${hook.id}/deliveries/`)).json().results;
    expect(log[0]).toMatchObject({ status: 'delivered', attempts: 2, response_code: 200, error: null });
    const last = receiver.received.at(-1);
    expect(JSON.parse(last?.body ?? '{}')).toMatchObject({
      type: 'selection.closed',
      data: { selection: { id: issue.id } },
    });
  });

  it('say why a receiver could not be reached, in the reader’s language, and when it did not answer', async () => {
    const admin = await t.createAdmin();
    const created = await api(admin.token, 'POST', 'webhooks/', {
      team: admin.team.id,
      url: `http://127.0.0.1:${closedPort}/hook`,
      events: ['selection.closed'],
    });
    await api(admin.token, 'POST', `webhooks/${created.json().id}/test/`);
    expect(await deliverWebhooks(t.app.ctx)).toEqual({ delivered: 0, failed: 1 });
    const read = async (language: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/v1/webhooks/${created.json().id}/deliveries/`,
          token: admin.token,
          headers: { 'accept-language': language },
        })
      ).json().results[0].error;
    expect(await read('en')).toBe(
      `The receiver could not be reached: connect ECONNREFUSED 127.0.0.1:${closedPort}.`,
    );
    expect(await read('fr')).toBe(
      `Le récepteur n’a pas pu être joint : connect ECONNREFUSED 127.0.0.1:${closedPort}.`,
    );
    // No answer within the time allowed is said as such (the signal's error, as fetch throws it).
    expect(networkFailure(new DOMException('The operation was aborted due to timeout', 'TimeoutError'))).toBe(
      'The receiver did not answer within 10 s.',
    );
  });

  it('tell a new form submission and a judge’s submission to the webhooks that listen', async () => {
    const s = submissionFactories(t);
    const setup = await s.createForm();
    const listening = await createWebhook(setup.token, setup.team.id, ['form.submitted', 'judge.submitted']);
    const deaf = await createWebhook(setup.token, setup.team.id, ['selection.closed']);
    const created = await s.submit({
      form: setup.form.id,
      email: 'maker@example.org',
      datum_values: [
        { datum_field: setup.fields.name.id, response: 'Kiln' },
        { datum_field: setup.fields.stage.id, response: 'Series A' },
      ],
    });
    expect((await s.commit(created.submission_id, created.edit_token, 'submit')).statusCode).toBe(200);

    const issue = await selectionFactories(t).createIssue(setup.token, setup.team.id);
    const { access } = await selectionFactories(t).addJudge(issue.id);
    const judged = await t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/submissions/?token=${access.token}`,
      payload: { answers: [], comments: [] },
    });
    expect(judged.statusCode).toBe(201);

    const before = receiver.received.length;
    await deliverWebhooks(t.app.ctx);
    const bodies = receiver.received.slice(before).map((m) => JSON.parse(m.body));
    expect(bodies.map((b) => b.type).sort()).toEqual(['form.submitted', 'judge.submitted']);
    expect(bodies.find((b) => b.type === 'form.submitted').data).toMatchObject({
      form: { id: setup.form.id },
      submission: { id: created.submission_id, email: 'maker@example.org' },
    });
    expect((await api(setup.token, 'GET', `webhooks/${deaf.id}/deliveries/`)).json().count).toBe(0);
    expect((await api(setup.token, 'GET', `webhooks/${listening.id}/deliveries/`)).json().count).toBe(2);
  });
});
