import { desc } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { contactMessages } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { decodeBody, startSmtpSink } from '../../test/smtp.ts';

const SITE_ADDRESS = 'hello@shortlist.test';

let sink: Awaited<ReturnType<typeof startSmtpSink>>;
let t: TestApp;

beforeAll(async () => {
  sink = await startSmtpSink();
  t = await createTestApp({ env: { SMTP_URL: sink.url, MAIL_FROM: `Shortlist <${SITE_ADDRESS}>` } });
});
afterAll(async () => {
  await t.close();
  await sink.close();
});

// The limit is per address: every test but the throttling one writes from an address of its own.
let addressCount = 0;
const nextAddress = () => `10.40.0.${++addressCount}`;

const sendMessage = (
  message: unknown,
  { token, remoteAddress = nextAddress() }: { token?: string; remoteAddress?: string } = {},
) =>
  t.request({ method: 'POST', url: '/api/v1/contact-messages/', payload: { message }, token, remoteAddress });

async function lastStoredMessage() {
  const [row] = await t.db.select().from(contactMessages).orderBy(desc(contactMessages.id)).limit(1);
  return row;
}

describe('POST contact-messages/', () => {
  it("stores an anonymous message and mails it to the site's address", async () => {
    const reply = await sendMessage('  The form does not load on my phone.  ');
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ detail: 'Thank you for your message.' });
    expect(await lastStoredMessage()).toMatchObject({
      message: 'The form does not load on my phone.',
      userId: null,
    });

    const mail = sink.received.at(-1);
    expect(mail?.to).toEqual([SITE_ADDRESS]);
    expect(mail?.from).toBe(SITE_ADDRESS);
    const body = decodeBody(mail?.raw ?? '');
    expect(body).toContain('Subject: Shortlist: a message from the contact box');
    expect(body).toContain('The form does not load on my phone.');
    expect(body).toContain('an anonymous visitor');
  });

  it('stores who wrote when the writer is signed in', async () => {
    const { user, token } = await t.createAdmin({ email: 'writer@example.org' });
    const before = sink.received.length;
    expect((await sendMessage('Could we get a dark theme?', { token })).statusCode).toBe(201);
    expect(await lastStoredMessage()).toMatchObject({
      message: 'Could we get a dark theme?',
      userId: user.id,
    });
    expect(sink.received).toHaveLength(before + 1);
    expect(decodeBody(sink.received.at(-1)?.raw ?? '')).toContain(`writer@example.org (user ${user.id})`);
  });

  it('takes 3 to 300 characters after trimming', async () => {
    for (const message of ['  ab  ', 'x'.repeat(301), '', 42]) {
      const reply = await sendMessage(message);
      expect(reply.statusCode, String(message).slice(0, 10)).toBe(400);
      expect(Object.keys(reply.json())).toEqual(['message']);
    }
    const missing = await t.request({
      method: 'POST',
      url: '/api/v1/contact-messages/',
      payload: {},
      remoteAddress: nextAddress(),
    });
    expect(missing.json()).toEqual({ message: ['This field is required.'] });

    for (const message of ['abc', 'y'.repeat(300)]) {
      expect((await sendMessage(message)).statusCode).toBe(201);
      expect((await lastStoredMessage())?.message).toBe(message);
    }
  });

  it('lets one address send 5 messages a minute', async () => {
    const sameAddress = { remoteAddress: '10.41.0.1' };
    for (let i = 1; i <= 5; i += 1) {
      expect((await sendMessage(`Message number ${i}`, sameAddress)).statusCode).toBe(201);
    }
    const throttled = await sendMessage('Message number 6', sameAddress);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().code).toBe('THROTTLED');
    expect((await lastStoredMessage())?.message).toBe('Message number 5');
    expect((await sendMessage('From another address', { remoteAddress: '10.41.0.2' })).statusCode).toBe(201);
  });
});
