import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { tags, teams } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';

let t: TestApp;

beforeAll(async () => {
  t = await createTestApp();
});
afterAll(() => t.close());

const tagsUrl = (teamId: number, query = '') => `/api/v1/teams/${teamId}/tags/${query}`;
const listTags = (token: string, teamId: number, query = '') =>
  t.request({ method: 'GET', url: tagsUrl(teamId, query), token });
const addTag = (token: string, teamId: number, payload: object) =>
  t.request({ method: 'POST', url: tagsUrl(teamId), token, payload });
const deleteTag = (token: string, teamId: number, tagId: number) =>
  t.request({ method: 'DELETE', url: `/api/v1/teams/${teamId}/tags/${tagId}/`, token });
const names = (reply: { json(): { results: { name: string }[] } }) =>
  reply.json().results.map((tag) => tag.name);
const tagCount = async (teamId: number) =>
  (await t.db.select({ n: count() }).from(tags).where(eq(tags.teamId, teamId)))[0]?.n ?? 0;

async function setMaxTags(teamId: number, maxTags: number) {
  const [team] = await t.db.select().from(teams).where(eq(teams.id, teamId));
  if (!team) throw new Error('no team');
  await t.db
    .update(teams)
    .set({ package: { ...team.package, max_tags: maxTags } })
    .where(eq(teams.id, teamId));
}

describe('GET teams/{id}/tags/', () => {
  it('lists the team tags by name, paged, and only its own', async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    for (const name of ['zebra', 'Apple', 'mango'])
      expect((await addTag(token, team.id, { name })).statusCode).toBe(201);
    await addTag(other.token, other.team.id, { name: 'foreign' });

    const all = await listTags(token, team.id);
    expect(all.statusCode).toBe(200);
    expect(all.json().count).toBe(3);
    expect(names(all)).toEqual(['Apple', 'mango', 'zebra']);
    expect(all.json().results[0]).toEqual({ id: expect.any(Number), name: 'Apple' });

    const page = await listTags(token, team.id, '?limit=2&offset=2');
    expect(names(page)).toEqual(['zebra']);
    expect(page.json().previous).toContain('limit=2');
    expect((await listTags(token, team.id, '?limit=101')).statusCode).toBe(400);
  });

  it("answers 404 for another team's tags and 401 without a token", async () => {
    const { token } = await t.createAdmin();
    const other = await t.createAdmin();
    await addTag(other.token, other.team.id, { name: 'secret' });
    const reply = await listTags(token, other.team.id);
    expect(reply.statusCode).toBe(404);
    expect(reply.json()).toEqual({ code: 'NOT_FOUND', detail: 'Not found.' });
    expect((await t.request({ method: 'GET', url: tagsUrl(other.team.id) })).statusCode).toBe(401);
  });
});

describe('POST teams/{id}/tags/', () => {
  it('creates a trimmed tag', async () => {
    const { team, token } = await t.createAdmin();
    const reply = await addTag(token, team.id, { name: '  Fintech  ' });
    expect(reply.statusCode).toBe(201);
    expect(reply.json()).toEqual({ id: expect.any(Number), name: 'Fintech' });
    expect(names(await listTags(token, team.id))).toEqual(['Fintech']);
  });

  it('refuses a name already used by the team whatever its case, but not by another team', async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    await addTag(token, team.id, { name: 'Health' });
    const duplicate = await addTag(token, team.id, { name: ' HEALTH ' });
    expect(duplicate.statusCode).toBe(400);
    expect(duplicate.json()).toMatchObject({ code: 'ALREADY_EXISTS' });
    expect(await tagCount(team.id)).toBe(1);
    expect((await addTag(other.token, other.team.id, { name: 'health' })).statusCode).toBe(201);
  });

  it('validates the name', async () => {
    const { team, token } = await t.createAdmin();
    expect((await addTag(token, team.id, {})).json()).toEqual({ name: ['This field is required.'] });
    expect((await addTag(token, team.id, { name: '   ' })).json()).toEqual({
      name: ['This field may not be blank.'],
    });
    expect((await addTag(token, team.id, { name: 'x'.repeat(51) })).json()).toEqual({
      name: ['Ensure this field has no more than 50 characters.'],
    });
    expect((await addTag(token, team.id, { name: 12 })).statusCode).toBe(400);
    expect((await addTag(token, team.id, { name: 'x'.repeat(50) })).statusCode).toBe(201);
  });

  it("stops at the package's max_tags", async () => {
    const { team, token } = await t.createAdmin();
    await setMaxTags(team.id, 2);
    expect((await addTag(token, team.id, { name: 'one' })).statusCode).toBe(201);
    expect((await addTag(token, team.id, { name: 'two' })).statusCode).toBe(201);
    const third = await addTag(token, team.id, { name: 'three' });
    expect(third.statusCode).toBe(400);
    expect(third.json()).toEqual({ code: 'MAX_TAGS', detail: 'The maximum number of tags is reached.' });
    expect(await tagCount(team.id)).toBe(2);
  });

  it('keeps to max_tags and to one tag a name when tags are added at once (PostgreSQL runs them side by side)', async () => {
    const { team, token } = await t.createAdmin();
    await setMaxTags(team.id, 3);
    const names = ['one', 'two', 'three', 'four', 'five', 'six', 'One', 'TWO'];
    const replies = await Promise.all(names.map((name) => addTag(token, team.id, { name })));
    const codes = replies.map((reply) => (reply.statusCode === 201 ? 'created' : reply.json().code));
    expect(codes.filter((code) => code === 'created')).toHaveLength(3);
    expect(codes.every((code) => ['created', 'MAX_TAGS', 'ALREADY_EXISTS'].includes(code))).toBe(true);
    expect(await tagCount(team.id)).toBe(3);
  });

  it('answers 404 for another team and creates nothing', async () => {
    const { token } = await t.createAdmin();
    const other = await t.createAdmin();
    expect((await addTag(token, other.team.id, { name: 'intruder' })).statusCode).toBe(404);
    expect(await tagCount(other.team.id)).toBe(0);
  });
});

describe('DELETE teams/{id}/tags/{tagId}/', () => {
  it('deletes a tag of the team', async () => {
    const { team, token } = await t.createAdmin();
    const tag = (await addTag(token, team.id, { name: 'gone' })).json();
    await addTag(token, team.id, { name: 'kept' });
    expect((await deleteTag(token, team.id, tag.id)).statusCode).toBe(204);
    expect(names(await listTags(token, team.id))).toEqual(['kept']);
    expect((await deleteTag(token, team.id, tag.id)).statusCode).toBe(404);
  });

  it("answers 404 for another team's tag, through either team's path, and keeps it", async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    const foreign = (await addTag(other.token, other.team.id, { name: 'theirs' })).json();
    expect((await deleteTag(token, other.team.id, foreign.id)).statusCode).toBe(404);
    expect((await deleteTag(token, team.id, foreign.id)).statusCode).toBe(404);
    expect(await tagCount(other.team.id)).toBe(1);
  });
});
