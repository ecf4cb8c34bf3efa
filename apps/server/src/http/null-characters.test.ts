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
  const tags = () => `/api/v1/teams/${setup.admin.team.id}/tags/`;

  it('is refused in a body with the field’s message, in the caller’s language, and nothing is saved', async () => {
    const { token } = setup.admin;
    const refused = await t.request({ method: 'POST', url: tags(), token, payload: { name: 'Lab\u0000' } });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ name: ['Null characters are not allowed.'] });

    const nested = await t.request({
      method: 'POST',
      url: tags(),
      token,
      headers: { 'accept-language': 'fr' },
      payload: { name: 'Lab', extra: { notes: ['fine', 'a\u0000b'] } },
    });
    expect(nested.statusCode).toBe(400);
    expect(nested.json()).toEqual({ 'extra.notes.1': ['Les caractères nuls ne sont pas autorisés.'] });

    const list = await t.request({ method: 'GET', url: tags(), token });
    expect(list.json().count).toBe(0);
    const saved = await t.request({ method: 'POST', url: tags(), token, payload: { name: 'Lab' } });
    expect(saved.statusCode).toBe(201);
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
