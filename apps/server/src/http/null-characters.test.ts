import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { judgingFactories } from '../features/judging/test-factories.ts';
import { createTestApp, type TestApp } from '../test/harness.ts';

let t: TestApp;
let setup: Awaited<ReturnType<ReturnType<typeof judgingFactories>['createSetup']>>;
beforeAll(async () => {
  t = await createTestApp();
  setup = await judgingFactories(t).createSetup();
});
afterAll(() => t.close());

describe('the NUL character, which PostgreSQL text cannot hold', () => {
  it('is dropped from a body: what is saved is the text without it', async () => {
    const { token, team } = setup.admin;
    const url = `/api/v1/teams/${team.id}/tags/`;
    const created = await t.request({ method: 'POST', url, token, payload: { name: 'La\u0000b' } });
    expect(created.statusCode).toBe(201);
    expect(created.json().name).toBe('Lab');
    const item = setup.items[0];
    const renamed = await t.request({
      method: 'PATCH',
      url: `/api/v1/datasets/${item?.id}/`,
      token,
      payload: { title: '\u0000Charlie\u0000 2' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json().title).toBe('Charlie 2');
  });

  it('is dropped from a query: a search reads as without it', async () => {
    const { token, team } = setup.admin;
    const search = (text: string) =>
      t.request({ method: 'GET', url: `/api/v1/datasets/?team=${team.id}&search=${text}`, token });
    const plain = await search('alpha');
    const withNul = await search('al%00pha');
    expect(withNul.statusCode).toBe(200);
    expect(plain.json().count).toBe(1);
    expect(withNul.json()).toEqual(plain.json());
    const members = await t.request({
      method: 'GET',
      url: `/api/v1/teams/${team.id}/members/?search=%00`,
      token,
    });
    expect(members.statusCode).toBe(200);
  });
});
