import { count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  issueAccessDatasets,
  issueAnswers,
  issueComments,
  issueDatasets,
  issueQuestions,
  reviewStatuses,
  reviews,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { createDataset } from '../reviews/test-factories.ts';
import { selectionFactories } from './test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof selectionFactories>;

beforeAll(async () => {
  t = await createTestApp();
  f = selectionFactories(t);
});
afterAll(() => t.close());

const call = (method: 'GET' | 'POST' | 'PATCH' | 'DELETE', url: string, token: string, payload?: object) =>
  t.request({ method, url: `/api/v1/${url}`, token, payload });
const rowsOf = async (
  table: typeof issueAnswers | typeof issueComments | typeof issueDatasets,
  issueId: number,
) => (await t.db.select({ n: count() }).from(table).where(eq(table.issueId, issueId)))[0]?.n ?? 0;
const titlesOf = (reply: { json(): { results: { title: string }[] } }) =>
  reply.json().results.map((r) => r.title);

describe('issue-questions/', () => {
  it('adds, edits and deletes criteria of a rating selection', async () => {
    const { team, token } = await t.createAdmin();
    const issue = await f.createIssue(token, team.id);
    const created = await call('POST', 'issue-questions/', token, {
      issue: issue.id,
      title: 'Team',
      description: 'Who',
    });
    expect(created.statusCode).toBe(201);
    expect(created.json()).toEqual({
      id: expect.any(Number),
      issue: issue.id,
      title: 'Team',
      description: 'Who',
      weight: 1,
    });
    const id = created.json().id;
    const edited = await call('PATCH', `issue-questions/${id}/`, token, { weight: 0.35, title: 'Founders' });
    expect(edited.json()).toMatchObject({ weight: 0.35, title: 'Founders', description: 'Who' });
    expect((await call('DELETE', `issue-questions/${id}/`, token)).statusCode).toBe(204);
    expect((await t.db.select().from(issueQuestions).where(eq(issueQuestions.id, id))).length).toBe(0);
  });

  it('refuses bad input, other types and other teams', async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    const issue = await f.createIssue(token, team.id);
    const tokens = await f.createIssue(token, team.id, { resourcetype: 'TokenIssue' });
    const cases: [object, string, string][] = [
      [{ title: 'A' }, 'title', 'Ensure this field has at least 2 characters.'],
      [{ title: 'x'.repeat(151) }, 'title', 'Ensure this field has no more than 150 characters.'],
      [
        { title: 'Ok', description: 'x'.repeat(601) },
        'description',
        'Ensure this field has no more than 600 characters.',
      ],
      [{ title: 'Ok', weight: 0 }, 'weight', 'Ensure this value is greater than or equal to 0.01.'],
      [{ title: 'Ok', weight: 1.5 }, 'weight', 'Ensure this value is less than or equal to 1.'],
      [{ title: 'Ok', weight: 0.125 }, 'weight', 'Ensure this value is a multiple of 0.01.'],
      [{ title: undefined }, 'title', 'This field is required.'],
    ];
    for (const [body, field, message] of cases) {
      const reply = await call('POST', 'issue-questions/', token, { issue: issue.id, ...body });
      expect(reply.statusCode, JSON.stringify(body)).toBe(400);
      expect(reply.json()[field]).toEqual([message]);
    }
    const onTokens = await call('POST', 'issue-questions/', token, { issue: tokens.id, title: 'Team' });
    expect(onTokens.json()).toEqual({ issue: ['Criteria are only for rating selections.'] });
    expect(
      (await call('POST', 'issue-questions/', other.token, { issue: issue.id, title: 'Team' })).statusCode,
    ).toBe(404);
    const own = (await call('POST', 'issue-questions/', token, { issue: issue.id, title: 'Team' })).json();
    expect(
      (await call('PATCH', `issue-questions/${own.id}/`, other.token, { title: 'Theirs' })).statusCode,
    ).toBe(404);
    expect((await call('DELETE', `issue-questions/${own.id}/`, other.token)).statusCode).toBe(404);
    const [stored] = await t.db.select().from(issueQuestions).where(eq(issueQuestions.issueId, issue.id));
    expect(stored).toMatchObject({ title: 'Team' });
    expect((await call('PATCH', `issue-questions/${own.id}/`, token, { weight: 2 })).statusCode).toBe(400);
  });
});

describe('issues/{id}/datasets/', () => {
  it('adds only the team items and lists them', async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    const issue = await f.createIssue(token, team.id);
    const [a, b] = [await createDataset(t, team.id, 'Acme'), await createDataset(t, team.id, 'Bolt')];
    const foreign = await createDataset(t, other.team.id, 'Foreign');
    const refused = await call('POST', `issues/${issue.id}/datasets/`, token, { datasets: [a, foreign] });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ datasets: [`Invalid pk "${foreign}" - object does not exist.`] });
    expect(await rowsOf(issueDatasets, issue.id)).toBe(0);
    expect((await call('POST', `issues/${issue.id}/datasets/`, token, { datasets: [] })).statusCode).toBe(
      400,
    );

    const added = await call('POST', `issues/${issue.id}/datasets/`, token, { datasets: [a, b, a] });
    expect(added.json()).toEqual({ datasets: [a, b] });
    // Adding an item twice keeps one row.
    await call('POST', `issues/${issue.id}/datasets/`, token, { datasets: [b] });
    const page = await call('GET', `issues/${issue.id}/datasets/?limit=1`, token);
    expect(page.json().count).toBe(2);
    expect(page.json().results).toHaveLength(1);
    expect((await call('GET', `issues/${issue.id}/`, token)).json().datasets_count).toBe(2);
    expect((await call('GET', `issues/${issue.id}/datasets/`, other.token)).statusCode).toBe(404);
    expect(
      (await call('POST', `issues/${issue.id}/datasets/`, other.token, { datasets: [foreign] })).statusCode,
    ).toBe(404);
  });

  it('removes items with their answers, comments and per-judge access in the selection only', async () => {
    const { team, token } = await t.createAdmin();
    const issue = await f.createIssue(token, team.id);
    const otherIssue = await f.createIssue(token, team.id, { title: 'Another' });
    const [a, b] = [await createDataset(t, team.id, 'Acme'), await createDataset(t, team.id, 'Bolt')];
    for (const id of [issue.id, otherIssue.id])
      await call('POST', `issues/${id}/datasets/`, token, { datasets: [a, b] });
    const { judge, access } = await f.addJudge(issue.id);
    await t.db.insert(issueAccessDatasets).values([
      { accessId: access.id, datasetId: a },
      { accessId: access.id, datasetId: b },
    ]);
    await f.addAnswerAndComment(issue.id, judge.id, a);
    await f.addAnswerAndComment(issue.id, judge.id, b);
    await f.addAnswerAndComment(otherIssue.id, judge.id, a);

    const other = await t.createAdmin();
    expect(
      (await call('POST', `issues/${issue.id}/datasets/remove/`, other.token, { datasets: [a] })).statusCode,
    ).toBe(404);
    expect(await rowsOf(issueAnswers, issue.id)).toBe(2);

    const removed = await call('POST', `issues/${issue.id}/datasets/remove/`, token, { datasets: [a] });
    expect(removed.statusCode).toBe(200);
    expect(await rowsOf(issueDatasets, issue.id)).toBe(1);
    expect(await rowsOf(issueAnswers, issue.id)).toBe(1);
    expect(await rowsOf(issueComments, issue.id)).toBe(1);
    const accessRows = await t.db
      .select()
      .from(issueAccessDatasets)
      .where(eq(issueAccessDatasets.accessId, access.id));
    expect(accessRows.map((row) => row.datasetId)).toEqual([b]);
    expect(await rowsOf(issueAnswers, otherIssue.id)).toBe(1);
    expect(await rowsOf(issueDatasets, otherIssue.id)).toBe(2);
  });
});

describe('POST issues/{id}/duplicate/', () => {
  it('copies settings, criteria, tags and items, not judges or answers', async () => {
    const { team, token } = await t.createAdmin();
    const issue = await f.createIssue(token, team.id, { max_rating: 10, description: 'Original' });
    const tag = await f.createTag(team.id, 'copied');
    await call('PATCH', `issues/${issue.id}/`, token, {
      resourcetype: 'RatingIssue',
      tags_patch: [tag.id],
      status: 'closed',
    });
    for (const title of ['First', 'Second'])
      await call('POST', 'issue-questions/', token, { issue: issue.id, title, weight: 0.5 });
    const dataset = await createDataset(t, team.id);
    await call('POST', `issues/${issue.id}/datasets/`, token, { datasets: [dataset] });
    const { judge } = await f.addJudge(issue.id);
    await f.addAnswerAndComment(issue.id, judge.id, dataset);

    const other = await t.createAdmin();
    expect((await call('POST', `issues/${issue.id}/duplicate/`, other.token)).statusCode).toBe(404);
    const reply = await call('POST', `issues/${issue.id}/duplicate/`, token);
    expect(reply.statusCode).toBe(201);
    const copy = reply.json();
    expect(copy.id).not.toBe(issue.id);
    expect(copy).toMatchObject({
      title: 'Best startup (copy)',
      description: 'Original',
      status: 'open',
      max_rating: 10,
      tags: [{ id: tag.id, name: 'copied' }],
      datasets_count: 1,
    });
    expect(copy.questions.map((q: { title: string; weight: number }) => [q.title, q.weight])).toEqual([
      ['First', 0.5],
      ['Second', 0.5],
    ]);
    expect(await rowsOf(issueAnswers, copy.id)).toBe(0);
    expect(await rowsOf(issueComments, copy.id)).toBe(0);
    const list = await call('GET', `issues/?team=${team.id}`, token);
    expect(list.json().count).toBe(2);
  });
});

describe('datasets/ within a selection', () => {
  it('filters by selection, reads the review made within it and names the selections', async () => {
    const { team, token } = await t.createAdmin();
    const issue = await f.createIssue(token, team.id, { title: 'Round one' });
    const [a, b] = [await createDataset(t, team.id, 'Acme'), await createDataset(t, team.id, 'Bolt')];
    await createDataset(t, team.id, 'Cargo');
    await call('POST', `issues/${issue.id}/datasets/`, token, { datasets: [a, b] });
    const [status] = await t.db
      .insert(reviewStatuses)
      .values({ teamId: team.id, label: 'Shortlisted', color: '', bgColor: '#d9f7be' })
      .returning();
    if (!status) throw new Error('no status');
    // Acme is shortlisted within the selection, Bolt only outside it.
    await t.db.insert(reviews).values([
      { datasetId: a, issueId: issue.id, statusId: status.id },
      { datasetId: b, issueId: null, statusId: status.id },
    ]);
    const list = (query: string) => call('GET', `datasets/?team=${team.id}&ordering=title&${query}`, token);

    expect(titlesOf(await list(`issue=${issue.id}`))).toEqual(['Acme', 'Bolt']);
    expect(titlesOf(await list(`issue=${issue.id}&reviews__status=${status.id}`))).toEqual(['Acme']);
    expect(titlesOf(await list(`issue=${issue.id}&reviews__status=none`))).toEqual(['Bolt']);
    expect(titlesOf(await list(`reviews__status=${status.id}`))).toEqual(['Bolt']);
    const all = (await list('')).json().results;
    expect(all.map((item: { issues: unknown }) => item.issues)).toEqual([
      [{ id: issue.id, title: 'Round one' }],
      [{ id: issue.id, title: 'Round one' }],
      [],
    ]);
  });

  it('reviews an item within a selection that holds it, of the same team only', async () => {
    const { team, token } = await t.createAdmin();
    const other = await t.createAdmin();
    const issue = await f.createIssue(token, team.id);
    const foreignIssue = await f.createIssue(other.token, other.team.id);
    const [inside, outside] = [await createDataset(t, team.id, 'In'), await createDataset(t, team.id, 'Out')];
    await call('POST', `issues/${issue.id}/datasets/`, token, { datasets: [inside] });
    const review = (datasetId: number, issueId: number) =>
      call('POST', 'reviews/', token, { data_set_id: datasetId, issue_id: issueId });

    const created = await review(inside, issue.id);
    expect(created.statusCode).toBe(201);
    expect(created.json()).toMatchObject({ issue: issue.id });
    for (const [datasetId, issueId] of [
      [outside, issue.id],
      [inside, foreignIssue.id],
    ] as const) {
      const refused = await review(datasetId, issueId);
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toEqual({ issue_id: [`Invalid pk "${issueId}" - object does not exist.`] });
    }
    expect((await t.db.select().from(reviews).where(eq(reviews.datasetId, outside))).length).toBe(0);
  });
});
