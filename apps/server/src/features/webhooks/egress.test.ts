import { type EgressAddressKind, webhookAddressRefusedMessage } from '@shortlist/contract';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { webhooks } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { selectionFactories } from '../selections/test-factories.ts';
import { deliverWebhooks } from './deliver.ts';
import { startReceiver } from './test-receiver.ts';

// `closed` runs as an operator leaves it by default: no address of the server's network allowed.
let closed: TestApp;
let receiver: Awaited<ReturnType<typeof startReceiver>>;

beforeAll(async () => {
  closed = await createTestApp();
  receiver = await startReceiver();
});
afterAll(async () => {
  await Promise.all([closed.close(), receiver.close()]);
});

const api = (t: TestApp, token: string, method: 'GET' | 'POST' | 'PATCH', url: string, payload?: object) =>
  t.request({ method, url: `/api/v1/${url}`, token, ...(payload ? { payload } : {}) });

/**
 * A webhook to `url` saved as one saved before this check existed (or while the operator allowed its
 * address) would be: straight into the table.
 */
async function storedWebhook(t: TestApp, teamId: number, url: string) {
  const [row] = await t.db
    .insert(webhooks)
    .values({ teamId, url, events: ['selection.closed'], secret: 'whsec_c2VjcmV0' })
    .returning();
  if (!row) throw new Error('no webhook');
  return row;
}

async function deliveriesOf(t: TestApp, token: string, webhookId: number) {
  return (await api(t, token, 'GET', `webhooks/${webhookId}/deliveries/`)).json().results;
}

describe('a webhook into the server’s own network', () => {
  it('is refused at save, with a message on url, however its address is written', async () => {
    const admin = await closed.createAdmin();
    const port = receiver.port;
    const cases: [string, string, EgressAddressKind][] = [
      [`http://127.0.0.1:${port}/hook`, '127.0.0.1', 'loopback'],
      [`http://[::1]:${port}/`, '::1', 'loopback'],
      [`http://0.0.0.0:${port}/`, '0.0.0.0', 'loopback'],
      [`http://[::]:${port}/`, '::', 'loopback'],
      [`http://2130706433:${port}/`, '127.0.0.1', 'loopback'],
      ['http://0x7f.1/', '127.0.0.1', 'loopback'],
      ['http://0177.0.0.1/', '127.0.0.1', 'loopback'],
      ['http://127.1/', '127.0.0.1', 'loopback'],
      ['http://[::ffff:127.0.0.1]/', '::ffff:7f00:1', 'loopback'],
      ['http://169.254.169.254/latest/meta-data/', '169.254.169.254', 'link-local'],
      ['http://[fe80::1]/', 'fe80::1', 'link-local'],
      ['https://10.0.0.5/', '10.0.0.5', 'private'],
      ['http://172.16.3.4/', '172.16.3.4', 'private'],
      ['http://192.168.1.1/', '192.168.1.1', 'private'],
      ['http://100.64.0.1/', '100.64.0.1', 'private'],
      ['http://[fd00::1]/', 'fd00::1', 'private'],
      ['http://224.0.0.1/', '224.0.0.1', 'reserved'],
    ];
    for (const [url, address, kind] of cases) {
      const reply = await api(closed, admin.token, 'POST', 'webhooks/', {
        team: admin.team.id,
        url,
        events: ['form.submitted'],
      });
      expect([url, reply.statusCode]).toEqual([url, 400]);
      const [message] = reply.json().url;
      expect([url, message]).toEqual([url, webhookAddressRefusedMessage(address, kind)]);
    }
    // A name is judged by what it resolves to.
    const named = await api(closed, admin.token, 'POST', 'webhooks/', {
      team: admin.team.id,
      url: `http://localhost:${port}/hook`,
      events: ['form.submitted'],
    });
    expect(named.json().url[0]).toMatch(/^\S+ is a loopback address \(the server itself\): /);
    expect((await api(closed, admin.token, 'GET', `webhooks/?team=${admin.team.id}`)).json().count).toBe(0);

    // Moving a saved webhook there is refused the same way.
    const saved = await storedWebhook(closed, admin.team.id, 'https://hooks.example.org/in');
    const moved = await api(closed, admin.token, 'PATCH', `webhooks/${saved.id}/`, { url: receiver.url });
    expect(moved.statusCode).toBe(400);
    expect(moved.json()).toEqual({
      url: [
        "127.0.0.1 is a loopback address (the server itself): webhooks may not reach the server's own network. An on-premises receiver can be allowed by the server's operator.",
      ],
    });
    // In French, the same refusal.
    const inFrench = await closed.request({
      method: 'PATCH',
      url: `/api/v1/webhooks/${saved.id}/`,
      token: admin.token,
      payload: { url: receiver.url },
      headers: { 'accept-language': 'fr' },
    });
    expect(inFrench.json()).toEqual({
      url: [
        '127.0.0.1 est une adresse de bouclage (le serveur lui-même) : les webhooks ne peuvent pas atteindre le réseau propre du serveur. L’exploitant du serveur peut autoriser un récepteur installé sur place.',
      ],
    });
  });

  it('is never connected to: the test ping and an event fail at once, with the reason and no timing', async () => {
    const admin = await closed.createAdmin();
    const before = receiver.connections();
    for (const url of [
      receiver.url,
      `http://localhost:${receiver.port}/hook`,
      `http://2130706433:${receiver.port}/`,
    ]) {
      const hook = await storedWebhook(closed, admin.team.id, url);
      expect((await api(closed, admin.token, 'POST', `webhooks/${hook.id}/test/`)).statusCode).toBe(202);
    }
    const issue = await selectionFactories(closed).createIssue(admin.token, admin.team.id);
    const closedIssue = await api(closed, admin.token, 'PATCH', `issues/${issue.id}/`, {
      resourcetype: 'RatingIssue',
      status: 'closed',
    });
    expect(closedIssue.statusCode).toBe(200);
    expect(await deliverWebhooks(closed.app.ctx)).toEqual({ delivered: 0, failed: 6 });
    expect(receiver.connections()).toBe(before);

    const hooks = (await api(closed, admin.token, 'GET', `webhooks/?team=${admin.team.id}`)).json().results;
    for (const hook of hooks) {
      for (const delivery of await deliveriesOf(closed, admin.token, hook.id)) {
        // Failed for good on the first attempt: no retry, no answer, no time taken to tell ports apart.
        expect(delivery).toMatchObject({
          status: 'failed',
          attempts: 1,
          response_code: null,
          duration_ms: null,
          next_attempt_time: null,
        });
        expect(delivery.error).toMatch(/^\S+ is a loopback address \(the server itself\): /);
      }
    }
    // Read in French, the reason kept with a delivery is French.
    const [read] = (
      await closed.request({
        method: 'GET',
        url: `/api/v1/webhooks/${hooks[0].id}/deliveries/`,
        token: admin.token,
        headers: { 'accept-language': 'fr' },
      })
    ).json().results;
    expect(read.error).toMatch(/^\S+ est une adresse de bouclage \(le serveur lui-même\) : les webhooks /);
    // An hour later nothing is tried again.
    expect(await deliverWebhooks(closed.app.ctx, new Date(Date.now() + 60 * 60 * 1000))).toEqual({
      delivered: 0,
      failed: 0,
    });
  });
});

describe('WEBHOOK_ALLOWED_HOSTS and WEBHOOK_MAX_REDIRECTS', () => {
  it('let an allowed address be saved and reached on its port, and check where each redirect leads', async () => {
    const elsewhere = await startReceiver({ host: '127.0.0.3' });
    // The allowed address on a port the list does not name.
    const otherPort = await startReceiver();
    const redirecting = await startReceiver({
      answer: (path) =>
        path === '/to-allowed'
          ? { status: 308, location: '/hook' }
          : path === '/to-refused'
            ? { status: 307, location: `${elsewhere.origin}/hook` }
            : path === '/to-other-port'
              ? { status: 307, location: otherPort.url }
              : path === '/twice'
                ? { status: 307, location: '/to-allowed' }
                : undefined,
    });
    // Allows the redirecting receiver's address and port, and follows one redirect, as an on-premises
    // set-up would.
    const open = await createTestApp({
      env: { WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${redirecting.port}`, WEBHOOK_MAX_REDIRECTS: '1' },
    });
    try {
      const admin = await open.createAdmin();
      const create = (url: string) =>
        api(open, admin.token, 'POST', 'webhooks/', {
          team: admin.team.id,
          url,
          events: ['selection.closed'],
        });
      // 127.0.0.3 is loopback too, and not on the list; nor is 127.0.0.1's other port.
      for (const [url, address] of [
        [elsewhere.url, '127.0.0.3'],
        [otherPort.url, '127.0.0.1'],
      ] as const) {
        const refused = await create(url);
        expect(refused.json().url).toEqual([webhookAddressRefusedMessage(address, 'loopback')]);
      }
      const paths = ['/hook', '/to-allowed', '/to-refused', '/to-other-port', '/twice'];
      const ids: number[] = [];
      for (const path of paths) {
        const reply = await create(`${redirecting.origin}${path}`);
        expect(reply.statusCode).toBe(201);
        ids.push(reply.json().id);
        await api(open, admin.token, 'POST', `webhooks/${reply.json().id}/test/`);
      }
      expect(await deliverWebhooks(open.app.ctx)).toEqual({ delivered: 2, failed: 3 });
      const [direct, followed, toRefused, toOtherPort, twice] = await Promise.all(
        ids.map(async (id) => (await deliveriesOf(open, admin.token, id))[0]),
      );
      expect(direct).toMatchObject({ status: 'delivered', response_code: 200 });
      // The same signed POST, sent again where the redirect points.
      expect(followed).toMatchObject({ status: 'delivered', response_code: 200 });
      expect(
        redirecting.received.filter((m) => m.path === '/hook').map((m) => JSON.parse(m.body).type),
      ).toEqual(['ping', 'ping']);
      for (const [delivery, address] of [
        [toRefused, '127.0.0.3'],
        [toOtherPort, '127.0.0.1'],
      ]) {
        expect(delivery).toMatchObject({
          status: 'failed',
          attempts: 1,
          response_code: null,
          duration_ms: null,
          error: webhookAddressRefusedMessage(address, 'loopback'),
        });
      }
      expect(elsewhere.connections()).toBe(0);
      expect(otherPort.connections()).toBe(0);
      // One redirect is allowed, not two: the second's answer is the delivery's.
      expect(twice).toMatchObject({ status: 'pending', response_code: 308, error: 'HTTP 308' });
    } finally {
      await Promise.all([open.close(), elsewhere.close(), otherPort.close(), redirecting.close()]);
    }
  });
});
