import { gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('compressed request bodies', () => {
  it('are read on routes that take a body, and a GET, which has none, does not look at its encoding', async () => {
    const { team, token } = await t.createAdmin();
    const invite = await t.request({
      method: 'POST',
      url: `/api/v1/teams/${team.id}/members/`,
      token,
      headers: { 'content-type': 'application/json', 'content-encoding': 'gzip' },
      payload: gzipSync(JSON.stringify({ email: 'not an address' })),
    });
    expect(invite.statusCode).toBe(400);
    // The field's message: the body was inflated and parsed, not refused as unreadable.
    expect(JSON.stringify(invite.json())).toMatch(/email/);

    const unsupported = await t.request({
      method: 'POST',
      url: `/api/v1/teams/${team.id}/members/`,
      token,
      headers: { 'content-type': 'application/json', 'content-encoding': 'compress' },
      payload: '{}',
    });
    expect(unsupported.statusCode).toBe(415);

    const list = await t.request({
      method: 'GET',
      url: `/api/v1/teams/${team.id}/members/`,
      token,
      headers: { 'content-encoding': 'compress' },
    });
    expect(list.statusCode).toBe(200);
    expect(list.json().count).toBe(1);
  });
});
