import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';
import { ACCOUNT_FAILURES, RATE_LIMITS } from './rate-limits.ts';

// On PostgreSQL the requests alternate between two apps on one database, as two processes behind a load
// balancer; on the embedded engine (one process) both halves go to the one app.
let t: TestApp;
let second: Awaited<ReturnType<TestApp['twin']>>;
beforeAll(async () => {
  t = await createTestApp();
  second = await t.twin();
});
afterAll(() => t.close());

const either = (i: number) => (i % 2 === 0 ? t.request : second.request);

describe('limits shared by every process of one database', () => {
  it('refuses 20 of 30 wrong sign-ins for one address spread over two processes, as one process does', async () => {
    await t.createUser({ email: 'spread@example.org' });
    const replies = [];
    for (let i = 0; i < 30; i++) {
      replies.push(
        await either(i)({
          method: 'POST',
          url: '/api/token/',
          payload: { username: 'spread@example.org', password: 'wrong-password' },
          remoteAddress: '10.44.0.1',
        }),
      );
    }
    const statuses = replies.map((reply) => reply.statusCode);
    expect(statuses.slice(0, ACCOUNT_FAILURES.max).every((status) => status === 401)).toBe(true);
    expect(statuses.filter((status) => status === 429)).toHaveLength(20);
    // The 11th is refused by the failures of the account and address (decision 38), not by the per-IP limit.
    expect(replies[ACCOUNT_FAILURES.max]?.json().code).toBe('THROTTLED');
  });

  it('holds the per-IP limit of the contact box across two processes', async () => {
    const statuses: number[] = [];
    for (let i = 0; i <= RATE_LIMITS.contact.max; i++) {
      const reply = await either(i)({
        method: 'POST',
        url: '/api/v1/contact-messages/',
        payload: { message: `Hello number ${i}` },
        remoteAddress: '10.44.0.2',
      });
      statuses.push(reply.statusCode);
    }
    expect(statuses.slice(0, -1).every((status) => status === 201)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });
});
