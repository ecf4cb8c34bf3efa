import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { itemFactories } from '../features/items/test-factories.ts';
import { BROWSER_ACCEPT_ENCODING } from '../test/browser-client.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

describe('API replies compressed for the client', () => {
  it('compresses a page of items in one go, with its length, to the same JSON', async () => {
    const { token, team } = await t.createAdmin();
    const model = await itemFactories(t).createDataModel(team.id);
    const description = Array.from({ length: 60 }, (_, i) => `line ${i} of a pitch`).join('; ');
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/datasets/',
      token,
      payload: Array.from({ length: 20 }, (_, i) => ({
        data_model: model.id,
        title: `Item ${i}`,
        description,
      })),
    });
    expect(created.statusCode).toBe(201);
    const url = `/api/v1/datasets/?team=${team.id}&offset=0&limit=20`;
    const plain = await t.request({ method: 'GET', url, token });
    expect(plain.headers['content-encoding']).toBeUndefined();
    // Past the 8 KB that the plugin compresses in one call by default on two cores.
    expect(plain.rawPayload.length).toBeGreaterThan(20_000);

    const browser = await t.request({
      method: 'GET',
      url,
      token,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    expect(browser.headers['content-encoding']).toBe('br');
    // Compressed in one call, the reply says its length; a zlib stream would send it in chunks.
    expect(Number(browser.headers['content-length'])).toBe(browser.rawPayload.length);
    expect(browser.rawPayload.length).toBeLessThan(plain.rawPayload.length / 5);
    expect(JSON.parse(brotliDecompressSync(browser.rawPayload).toString())).toEqual(plain.json());

    const gzip = await t.request({ method: 'GET', url, token, headers: { 'accept-encoding': 'gzip' } });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(JSON.parse(gunzipSync(gzip.rawPayload).toString())).toEqual(plain.json());
  });

  it('leaves a reply under 1 KB as it is', async () => {
    const { token, team } = await t.createAdmin();
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/teams/${team.id}/`,
      token,
      headers: { 'accept-encoding': BROWSER_ACCEPT_ENCODING },
    });
    expect(reply.statusCode).toBe(200);
    expect(reply.rawPayload.length).toBeLessThan(1024);
    expect(reply.headers['content-encoding']).toBeUndefined();
    expect(reply.json().id).toBe(team.id);
  });
});
