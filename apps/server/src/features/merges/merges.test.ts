import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issueMerges, tags, teams } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { reportFactories } from '../reports/test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = reportFactories(t);
});
afterAll(() => t.close());

async function createMergeSetup() {
  const admin = await t.createAdmin();
  const selections = await Promise.all(
    ['First', 'Second', 'Third'].map((title) =>
      f.createIssue(admin.team.id, 'RatingIssue', { title, maxRating: 5 }),
    ),
  );
  const [tag] = await t.db.insert(tags).values({ teamId: admin.team.id, name: 'finals' }).returning();
  if (!tag) throw new Error('no tag');
  return { ...admin, selections, tag };
}

const infos = (ids: number[], weight = 1) => ids.map((issue) => ({ issue, weight }));

describe('issues-merge/', () => {
  it('creates, reads, lists, updates and deletes a merge', async () => {
    const { token, team, selections, tag } = await createMergeSetup();
    const [first, second, third] = selections.map((s) => s.id) as [number, number, number];
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/issues-merge/',
      token,
      payload: {
        title: 'Finals',
        description: 'All juries',
        team: team.id,
        tags: [tag.id],
        issue_merge_infos: [
          { issue: first, weight: 2 },
          { issue: second, weight: 0.5 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const merge = created.json();
    expect(merge).toMatchObject({
      title: 'Finals',
      description: 'All juries',
      team: team.id,
      tags: [{ id: tag.id, name: 'finals' }],
      issue_merge_infos: [
        { issue: { id: first, title: 'First' }, weight: 2 },
        { issue: { id: second, title: 'Second' }, weight: 0.5 },
      ],
    });

    const patched = await t.request({
      method: 'PATCH',
      url: `/api/v1/issues-merge/${merge.id}/`,
      token,
      payload: { title: 'Grand finals', issue_merge_infos: infos([second, third], 3) },
    });
    expect(patched.statusCode).toBe(200);
    expect(patched.json()).toMatchObject({
      title: 'Grand finals',
      description: 'All juries',
      tags: [{ id: tag.id }],
    });
    expect(patched.json().issue_merge_infos.map((info: { issue: { id: number } }) => info.issue.id)).toEqual([
      second,
      third,
    ]);

    // A title-only PATCH keeps the selections.
    await t.request({
      method: 'PATCH',
      url: `/api/v1/issues-merge/${merge.id}/`,
      token,
      payload: { description: '' },
    });
    const read = await t.request({ method: 'GET', url: `/api/v1/issues-merge/${merge.id}/`, token });
    expect(read.json().issue_merge_infos).toHaveLength(2);

    const list = await t.request({
      method: 'GET',
      url: `/api/v1/issues-merge/?team=${team.id}&tags=${tag.id}`,
      token,
    });
    expect(list.json()).toMatchObject({ count: 1, results: [{ id: merge.id }] });
    const untagged = await t.request({
      method: 'GET',
      url: `/api/v1/issues-merge/?team=${team.id}&tags=999999`,
      token,
    });
    expect(untagged.json().count).toBe(0);

    const deleted = await t.request({ method: 'DELETE', url: `/api/v1/issues-merge/${merge.id}/`, token });
    expect(deleted.statusCode).toBe(204);
    const gone = await t.request({ method: 'GET', url: `/api/v1/issues-merge/${merge.id}/`, token });
    expect(gone.statusCode).toBe(404);
  });

  it('pages by 10, newest first', async () => {
    const { token, team, selections } = await createMergeSetup();
    const ids = selections.slice(0, 2).map((s) => s.id);
    for (let index = 1; index <= 11; index++) {
      await t.request({
        method: 'POST',
        url: '/api/v1/issues-merge/',
        token,
        payload: { title: `Merge ${index}`, team: team.id, issue_merge_infos: infos(ids) },
      });
    }
    const first = await t.request({ method: 'GET', url: `/api/v1/issues-merge/?team=${team.id}`, token });
    expect(first.json().count).toBe(11);
    expect(first.json().results).toHaveLength(10);
    expect(first.json().results[0].title).toBe('Merge 11');
    expect(first.json().next).toContain('offset=10');
  });

  it('lists merges on Node 20, which has no Map.groupBy', async () => {
    const { token, team, selections, tag } = await createMergeSetup();
    const payload = {
      title: 'Old node',
      team: team.id,
      tags: [tag.id],
      issue_merge_infos: infos([selections[0]?.id ?? 0, selections[1]?.id ?? 0]),
    };
    expect(
      (await t.request({ method: 'POST', url: '/api/v1/issues-merge/', token, payload })).statusCode,
    ).toBe(201);
    const groupBy = Map.groupBy;
    Reflect.deleteProperty(Map, 'groupBy');
    try {
      const list = await t.request({ method: 'GET', url: `/api/v1/issues-merge/?team=${team.id}`, token });
      expect(list.statusCode).toBe(200);
      expect(list.json().results[0]).toMatchObject({
        tags: [{ name: 'finals' }],
        issue_merge_infos: [{ weight: 1 }, { weight: 1 }],
      });
    } finally {
      Map.groupBy = groupBy;
    }
  });

  it('refuses bad input with field messages', async () => {
    const { token, team, selections } = await createMergeSetup();
    const ids = selections.map((s) => s.id);
    const post = (payload: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/api/v1/issues-merge/',
        token,
        payload: { team: team.id, ...payload },
      });

    const untitled = await post({ issue_merge_infos: infos(ids.slice(0, 2)) });
    expect(untitled.statusCode).toBe(400);
    expect(untitled.json()).toEqual({ title: ['no title'] });
    const empty = await post({ title: '  ', issue_merge_infos: infos(ids.slice(0, 2)) });
    expect(empty.json()).toEqual({ title: ['no title'] });
    const long = await post({
      title: 'x'.repeat(251),
      description: 'y'.repeat(401),
      issue_merge_infos: infos(ids),
    });
    expect(long.json()).toEqual({
      title: ['Ensure this field has no more than 250 characters.'],
      description: ['Ensure this field has no more than 400 characters.'],
    });
    const notText = await post({ title: 12, issue_merge_infos: infos(ids.slice(0, 2)) });
    expect(notText.json()).toEqual({ title: ['A valid string is required.'] });
    const weight = await post({
      title: 'W',
      issue_merge_infos: [
        { issue: ids[0], weight: 0 },
        { issue: ids[1], weight: 1001 },
      ],
    });
    expect(Object.keys(weight.json()).sort()).toEqual([
      'issue_merge_infos.0.weight',
      'issue_merge_infos.1.weight',
    ]);
    const single = await post({ title: 'One', issue_merge_infos: infos(ids.slice(0, 1)) });
    expect(single.json()).toEqual({ issue_merge_infos: ['A merge needs between 2 and 5 selections.'] });
    const twice = await post({
      title: 'Twice',
      issue_merge_infos: infos([ids[0] as number, ids[0] as number]),
    });
    expect(twice.statusCode).toBe(400);
    expect(twice.json()).toEqual({ issue_merge_infos: ['A selection can be merged only once.'] });

    await t.db
      .update(teams)
      .set({ package: { ...team.package, nb_issues_in_merge: 2 } })
      .where(eq(teams.id, team.id));
    const tooMany = await post({ title: 'Three', issue_merge_infos: infos(ids) });
    expect(tooMany.json()).toEqual({ issue_merge_infos: ['A merge needs between 2 and 2 selections.'] });

    const other = await createMergeSetup();
    const foreign = await post({
      title: 'Foreign',
      issue_merge_infos: infos([ids[0] as number, other.selections[0]?.id as number]),
      tags: [other.tag.id],
    });
    expect(foreign.json()).toEqual({
      issue_merge_infos: [`Invalid pk "${other.selections[0]?.id}" - object does not exist.`],
      tags: [`Invalid pk "${other.tag.id}" - object does not exist.`],
    });
    expect(await t.db.select().from(issueMerges).where(eq(issueMerges.teamId, team.id))).toHaveLength(0);
  });

  it("answers 404 for another team's merge and leaves it unchanged", async () => {
    const { token, team, selections } = await createMergeSetup();
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/issues-merge/',
      token,
      payload: {
        title: 'Mine',
        team: team.id,
        issue_merge_infos: infos(selections.slice(0, 2).map((s) => s.id)),
      },
    });
    const id = created.json().id;
    const other = await t.createAdmin();
    for (const method of ['GET', 'PATCH', 'DELETE'] as const) {
      const reply = await t.request({
        method,
        url: `/api/v1/issues-merge/${id}/`,
        token: other.token,
        payload: method === 'PATCH' ? { title: 'Theirs' } : undefined,
      });
      expect(reply.statusCode).toBe(404);
    }
    const results = await t.request({
      method: 'GET',
      url: `/api/v1/issues-merge/${id}/results/`,
      token: other.token,
    });
    expect(results.statusCode).toBe(404);
    const list = await t.request({
      method: 'GET',
      url: `/api/v1/issues-merge/?team=${team.id}`,
      token: other.token,
    });
    expect(list.statusCode).toBe(404);
    const [row] = await t.db.select().from(issueMerges).where(eq(issueMerges.id, id));
    expect(row?.title).toBe('Mine');
  });

  it('refuses every merge endpoint when the package does not allow merges', async () => {
    const { token, team, selections } = await createMergeSetup();
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/issues-merge/',
      token,
      payload: {
        title: 'Before',
        team: team.id,
        issue_merge_infos: infos(selections.slice(0, 2).map((s) => s.id)),
      },
    });
    await t.db
      .update(teams)
      .set({ package: { ...team.package, can_merge_issues: false } })
      .where(eq(teams.id, team.id));
    const list = await t.request({ method: 'GET', url: `/api/v1/issues-merge/?team=${team.id}`, token });
    expect(list.statusCode).toBe(403);
    expect(list.json().code).toBe('MERGE_NOT_ALLOWED');
    const create = await t.request({
      method: 'POST',
      url: '/api/v1/issues-merge/',
      token,
      payload: {
        title: 'After',
        team: team.id,
        issue_merge_infos: infos(selections.slice(0, 2).map((s) => s.id)),
      },
    });
    expect(create.statusCode).toBe(403);
    const results = await t.request({
      method: 'GET',
      url: `/api/v1/issues-merge/${created.json().id}/results/`,
      token,
    });
    expect(results.statusCode).toBe(403);
  });
});
