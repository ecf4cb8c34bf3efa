import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dataModels, datasets, datumFields, issues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;
let owner: Awaited<ReturnType<TestApp['createAdmin']>>;
let stranger: Awaited<ReturnType<TestApp['createAdmin']>>;

beforeAll(async () => {
  t = await createTestApp();
  owner = await t.createAdmin();
  stranger = await t.createAdmin();
});
afterAll(() => t.close());

const url = (path = '') => `/api/v1/data-models/${path}`;
const create = (token: string, payload: object) => t.request({ method: 'POST', url: url(), token, payload });
const list = (token: string, query: string) => t.request({ method: 'GET', url: url(query), token });

async function createType(title: string, who = owner) {
  const reply = await create(who.token, { team: who.team.id, title });
  expect(reply.statusCode).toBe(201);
  return reply.json() as { id: number; title: string };
}

const titleOf = async (id: number) =>
  (await t.db.select({ title: dataModels.title }).from(dataModels).where(eq(dataModels.id, id)))[0]?.title;

describe('POST data-models/', () => {
  it('creates an item type with the full reply shape', async () => {
    const reply = await create(owner.token, { team: owner.team.id, title: '  Startups  ' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toMatchObject({
      title: 'Startups',
      label: 'Startups',
      team: owner.team.id,
      form: null,
      issues: [],
      datum_fields: [],
      nb_datasets: 0,
    });
    expect(Date.parse(reply.json().create_time)).not.toBeNaN();
  });

  it('needs a title of at most 200 characters and a team', async () => {
    expect((await create(owner.token, { team: owner.team.id })).json()).toEqual({
      title: ['This field is required.'],
    });
    expect((await create(owner.token, { team: owner.team.id, title: '   ' })).json()).toEqual({
      title: ['This field may not be blank.'],
    });
    const long = await create(owner.token, { team: owner.team.id, title: 'x'.repeat(201) });
    expect(long.statusCode).toBe(400);
    expect(long.json()).toEqual({ title: ['Ensure this field has no more than 200 characters.'] });
    expect((await create(owner.token, { title: 'No team' })).json()).toEqual({
      team: ['This field is required.'],
    });
    expect((await create(owner.token, { team: owner.team.id, title: 'x'.repeat(200) })).statusCode).toBe(201);
  });

  it("answers 404 for another team's id and creates nothing", async () => {
    const before = (await t.db.select({ n: count() }).from(dataModels))[0]?.n;
    const reply = await create(owner.token, { team: stranger.team.id, title: 'Intrusion' });
    expect(reply.statusCode).toBe(404);
    expect((await t.db.select({ n: count() }).from(dataModels))[0]?.n).toBe(before);
  });

  it('needs a signed-in user', async () => {
    const reply = await t.request({
      method: 'POST',
      url: url(),
      payload: { team: owner.team.id, title: 'x' },
    });
    expect(reply.statusCode).toBe(401);
  });
});

describe('GET data-models/', () => {
  it('lists one team, newest update first, paged by 10, searchable and sortable', async () => {
    const admin = await t.createAdmin();
    for (const title of ['Alpha', 'Beta', 'Gamma']) await createType(title, admin);
    for (let i = 0; i < 9; i += 1) await createType(`Filler ${i}`, admin);
    await createType('Not mine', stranger);

    const first = await list(admin.token, `?team=${admin.team.id}`);
    expect(first.statusCode).toBe(200);
    expect(first.json().count).toBe(12);
    expect(first.json().results).toHaveLength(10);
    expect(first.json().results[0].title).toBe('Filler 8');
    expect(new URL(first.json().next).searchParams.get('offset')).toBe('10');

    const byTitle = await list(admin.token, `?team=${admin.team.id}&ordering=title&limit=3`);
    expect(byTitle.json().results.map((r: { title: string }) => r.title)).toEqual([
      'Alpha',
      'Beta',
      'Filler 0',
    ]);
    const search = await list(admin.token, `?team=${admin.team.id}&search=AMM`);
    expect(search.json().results.map((r: { title: string }) => r.title)).toEqual(['Gamma']);
  });

  it('keeps every type with form__isnull=True or issues__isnull=True, none with False', async () => {
    const admin = await t.createAdmin();
    await createType('Unlinked', admin);
    const team = admin.team.id;
    expect(
      (await list(admin.token, `?team=${team}&form__isnull=True&issues__isnull=True`)).json().count,
    ).toBe(1);
    expect((await list(admin.token, `?team=${team}&form__isnull=false`)).json().count).toBe(0);
    expect((await list(admin.token, `?team=${team}&issues__isnull=0`)).json().count).toBe(0);
    expect((await list(admin.token, `?team=${team}&form__isnull=maybe`)).statusCode).toBe(400);
  });

  it('needs a team it administers', async () => {
    expect((await list(owner.token, '')).json()).toEqual({ team: ['This field is required.'] });
    expect((await list(owner.token, `?team=${stranger.team.id}`)).statusCode).toBe(404);
    expect((await list(owner.token, '?team=999999')).statusCode).toBe(404);
  });
});

describe('GET, PATCH and DELETE data-models/{id}/', () => {
  it('reads one with its fields ordered by order then id, and its item count', async () => {
    const type = await createType('Ideas');
    await t.db.insert(datumFields).values([
      { dataModelId: type.id, resourcetype: 'text', label: 'Second', order: 2, responseMaxLength: 60 },
      { dataModelId: type.id, resourcetype: 'text', label: 'First', order: 1, responseMaxLength: 60 },
    ]);
    await t.db.insert(datasets).values({ dataModelId: type.id, teamId: owner.team.id, title: 'An idea' });
    const reply = await t.request({ method: 'GET', url: url(`${type.id}/`), token: owner.token });
    expect(reply.statusCode).toBe(200);
    expect(reply.json().datum_fields.map((f: { label: string }) => f.label)).toEqual(['First', 'Second']);
    expect(reply.json().nb_datasets).toBe(1);
    expect(
      (await t.request({ method: 'GET', url: url(`${type.id}/`), token: stranger.token })).statusCode,
    ).toBe(404);
    expect((await t.request({ method: 'GET', url: url('999999/'), token: owner.token })).statusCode).toBe(
      404,
    );
  });

  it('renames, with the same title rules, and refuses other keys', async () => {
    const type = await createType('Old name');
    const patch = (token: string, payload: object) =>
      t.request({ method: 'PATCH', url: url(`${type.id}/`), token, payload });
    const renamed = await patch(owner.token, { title: 'New name' });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ title: 'New name', label: 'New name' });
    expect((await patch(owner.token, { title: 'x'.repeat(201) })).statusCode).toBe(400);
    expect((await patch(owner.token, { title: 'Moved', team: stranger.team.id })).statusCode).toBe(400);
    expect((await patch(stranger.token, { title: 'Hijacked' })).statusCode).toBe(404);
    expect(await titleOf(type.id)).toBe('New name');
  });

  it('deletes an unused type with its fields', async () => {
    const type = await createType('Short-lived');
    await t.db.insert(datumFields).values({ dataModelId: type.id, resourcetype: 'text', label: 'Q' });
    const remove = (token: string) => t.request({ method: 'DELETE', url: url(`${type.id}/`), token });
    expect((await remove(stranger.token)).statusCode).toBe(404);
    expect(await titleOf(type.id)).toBe('Short-lived');
    expect((await remove(owner.token)).statusCode).toBe(204);
    expect(await titleOf(type.id)).toBeUndefined();
    const fields = await t.db.select().from(datumFields).where(eq(datumFields.dataModelId, type.id));
    expect(fields).toEqual([]);
  });

  it('refuses to delete a type that items use, saying how many (HAS_DATASETS)', async () => {
    const type = await createType('In use');
    await t.db.insert(datasets).values([
      { dataModelId: type.id, teamId: owner.team.id, title: 'One' },
      { dataModelId: type.id, teamId: owner.team.id, title: 'Two' },
    ]);
    const reply = await t.request({ method: 'DELETE', url: url(`${type.id}/`), token: owner.token });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({
      code: 'HAS_DATASETS',
      detail: 'This item type is used by 2 items.',
      nb_datasets: 2,
    });
    expect(await titleOf(type.id)).toBe('In use');
  });

  it('refuses to delete a type that a selection uses (HAS_ISSUES), as the editor hides the button', async () => {
    const type = await createType('Judged');
    await t.db.insert(issues).values({
      teamId: owner.team.id,
      resourcetype: 'TextIssue',
      title: 'Uses the type',
      dataModelId: type.id,
    });
    const reply = await t.request({ method: 'DELETE', url: url(`${type.id}/`), token: owner.token });
    expect(reply.statusCode).toBe(400);
    expect(reply.json()).toEqual({ code: 'HAS_ISSUES', detail: 'This item type is used by a selection.' });
    expect(await titleOf(type.id)).toBe('Judged');
  });
});
