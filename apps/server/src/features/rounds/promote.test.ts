import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  datasets,
  issueAccesses,
  issueDatasets,
  issueQuestions,
  issues,
  tags,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readWorkbook, setLanguage } from '../../test/workbook.ts';
import { reportFactories } from '../reports/test-factories.ts';
import { deliverWebhooks } from '../webhooks/deliver.ts';
import { type Received, startReceiver } from '../webhooks/test-receiver.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
let receiver: Awaited<ReturnType<typeof startReceiver>>;
beforeAll(async () => {
  receiver = await startReceiver();
  t = await createTestApp({ env: { WEBHOOK_ALLOWED_HOSTS: `127.0.0.1:${receiver.port}` } });
  f = reportFactories(t);
});
afterAll(async () => {
  await t.close();
  await receiver.close();
});

const promote = (token: string, id: number, payload: object, kind = 'issues') =>
  t.request({ method: 'POST', url: `/api/v1/${kind}/${id}/promote/`, token, payload });

async function itemTitles(issueId: number) {
  const rows = await t.db
    .select({ title: datasets.title })
    .from(issueDatasets)
    .innerJoin(datasets, eq(datasets.id, issueDatasets.datasetId))
    .where(eq(issueDatasets.issueId, issueId));
  return rows.map((row) => row.title).sort();
}

const storedIssue = async (id: number) => (await t.db.select().from(issues).where(eq(issues.id, id)))[0];

/** Ranking of createRatingSetup: B 4 (1), C 3.5 (2), A 2 (3), D unrated. */
describe('POST issues/{id}/promote', () => {
  it('creates the next round with the top k, copying jury, criteria and settings, and remembers the path', async () => {
    const setup = await f.createRatingSetup();
    const { token, issue, items } = setup;
    await t.db
      .update(issues)
      .set({ description: 'Screening', randomOrder: true })
      .where(eq(issues.id, issue.id));
    const reply = await promote(token, issue.id, { target: null, top: 2 });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body).toMatchObject({ added: 2, already: 0 });
    expect(body.issue).not.toBe(issue.id);
    const round = await storedIssue(body.issue);
    expect(round).toMatchObject({
      title: 'RatingIssue selection — round 2',
      round: 2,
      resourcetype: 'RatingIssue',
      dataModelId: issue.dataModelId,
      teamId: issue.teamId,
      status: 'open',
      description: 'Screening',
      randomOrder: true,
      maxRating: 5,
    });
    expect(await itemTitles(body.issue)).toEqual(['B', 'C']);
    const criteria = await t.db.select().from(issueQuestions).where(eq(issueQuestions.issueId, body.issue));
    expect(criteria.map((q) => [q.title, q.weight])).toEqual([
      ['Team', 1],
      ['Market', 0.5],
    ]);
    const judges = await t.db.select().from(issueAccesses).where(eq(issueAccesses.issueId, body.issue));
    const before = await t.db.select().from(issueAccesses).where(eq(issueAccesses.issueId, issue.id));
    expect(judges.map((j) => j.userId).sort()).toEqual(before.map((j) => j.userId).sort());
    // Each judge gets a new personal link.
    expect(judges.some((j) => before.some((b) => b.token === j.token))).toBe(false);
    // The reply of the selection says its round.
    const read = await t.request({ method: 'GET', url: `/api/v1/issues/${body.issue}/`, token });
    expect(read.json().round).toBe(2);

    const path = await t.request({ method: 'GET', url: `/api/v1/datasets/${items.b.id}/path/`, token });
    expect(path.statusCode).toBe(200);
    expect(path.json().steps).toEqual([
      {
        source: { type: 'selection', id: issue.id, title: issue.title, round: 1 },
        rank: 1,
        value: 4,
        selector: 'top',
        target: { id: body.issue, title: round?.title, round: 2, rank: null, value: null },
        promoted_at: expect.any(String),
      },
    ]);
    const none = await t.request({ method: 'GET', url: `/api/v1/datasets/${items.d.id}/path/`, token });
    expect(none.json()).toEqual({ dataset: items.d.id, steps: [] });

    // Round 2 promoted again makes round 3, whose title takes the next number.
    await f.submit(body.issue, judges[0]?.userId ?? 0, [
      [items.c.id, 5],
      [items.b.id, 1],
    ]);
    const third = await promote(token, body.issue, { top: 1, copy_judges: false });
    expect(third.statusCode).toBe(200);
    expect(await storedIssue(third.json().issue)).toMatchObject({
      title: 'RatingIssue selection — round 3',
      round: 3,
    });
    const cPath = (
      await t.request({ method: 'GET', url: `/api/v1/datasets/${items.c.id}/path/`, token })
    ).json();
    expect(
      cPath.steps.map((s: { source: { round: number }; rank: number }) => [s.source.round, s.rank]),
    ).toEqual([
      [1, 2],
      [2, 1],
    ]);
    // Round 2's rank of C is read now: 1, as its report ranks it.
    expect(cPath.steps[0].target).toMatchObject({ round: 2, rank: 1 });
  });

  it('does not duplicate an item already in the target, and raises the target to the next round', async () => {
    const { token, team, issue } = await f.createRatingSetup();
    const target = await f.createIssue(team.id, 'RatingIssue', { minRating: 0, maxRating: 5, step: 1 });
    const first = await promote(token, issue.id, { target: target.id, top: 2 });
    expect(first.json()).toEqual({ issue: target.id, added: 2, already: 0 });
    expect((await storedIssue(target.id))?.round).toBe(2);
    const again = await promote(token, issue.id, { target: target.id, top: 3 });
    expect(again.json()).toEqual({ issue: target.id, added: 1, already: 2 });
    expect(await itemTitles(target.id)).toEqual(['A', 'B', 'C']);
    const audit = await t.db.select().from(auditLog).where(eq(auditLog.objectId, target.id));
    const promoted = audit.filter((entry) => entry.action === 'selection.items_promoted');
    expect(promoted).toHaveLength(2);
    expect(promoted[1]?.changes).toMatchObject({ selector: [null, 'top'], already: [null, 2] });
  });

  it('chooses by minimum value, by item tag or team tag, and by the ticked items', async () => {
    const { token, team, issue, items } = await f.createRatingSetup();
    const newRound = async (payload: object) => {
      const reply = await promote(token, issue.id, { target: null, ...payload });
      expect(reply.statusCode).toBe(200);
      return itemTitles(reply.json().issue);
    };
    expect(await newRound({ min_value: 3.5 })).toEqual(['B', 'C']);
    expect(await newRound({ tag: 'health' })).toEqual(['A', 'B']);
    const [food] = await t.db.insert(tags).values({ teamId: team.id, name: 'FOOD' }).returning();
    expect(await newRound({ tag: food?.id })).toEqual(['C']);
    expect(await newRound({ datasets: [items.d.id, items.a.id] })).toEqual(['A', 'D']);
    // The report's parameters: only verified judges' values (J3 is not), C = 5 instead of 3.5.
    expect(await newRound({ min_value: 4.5, only_verified_emails: true })).toEqual(['C']);
    // Top 1 of the report filtered to the 'food' tag ranks within it.
    expect(await newRound({ top: 1, tags: ['food'] })).toEqual(['C']);
  });

  it('follows the normalised ranking when the report is normalised', async () => {
    const { token, issue } = await f.createBiasSetup();
    const raw = await promote(token, issue.id, { top: 2 });
    expect(await itemTitles(raw.json().issue)).toEqual(['B', 'D']);
    const normalised = await promote(token, issue.id, { top: 2, normalised: true });
    expect(await itemTitles(normalised.json().issue)).toEqual(['A', 'D']);
  });

  it('replaces the jury, criteria and settings when asked', async () => {
    const { token, issue } = await f.createRatingSetup();
    await t.db
      .update(issues)
      .set({ description: 'Screening', randomOrder: true })
      .where(eq(issues.id, issue.id));
    const reply = await promote(token, issue.id, {
      top: 1,
      copy_judges: false,
      copy_criteria: false,
      copy_settings: false,
    });
    const id = reply.json().issue;
    expect(await storedIssue(id)).toMatchObject({
      description: '',
      randomOrder: false,
      maxRating: 5,
      round: 2,
    });
    expect(await t.db.select().from(issueAccesses).where(eq(issueAccesses.issueId, id))).toEqual([]);
    expect(await t.db.select().from(issueQuestions).where(eq(issueQuestions.issueId, id))).toEqual([]);
  });

  it('refuses bad bodies with field messages, and wrong targets with a code or 404', async () => {
    const { token, team, issue, items } = await f.createRatingSetup();
    const none = await promote(token, issue.id, { target: null });
    expect(none.statusCode).toBe(400);
    expect(none.json()).toEqual({ non_field_errors: ['Choose one of top, min_value, tag or datasets.'] });
    const two = await promote(token, issue.id, { top: 2, min_value: 1 });
    expect(two.json()).toEqual({ min_value: ['Choose only one of top, min_value, tag or datasets.'] });
    expect((await promote(token, issue.id, { top: 0 })).json()).toHaveProperty('top');
    expect((await promote(token, issue.id, { datasets: [] })).json()).toHaveProperty('datasets');
    const stranger = await t.createAdmin();
    const [foreign] = await f.createItems(stranger.team.id, [{ title: 'X' }]);
    const notInSource = await promote(token, issue.id, { datasets: [items.a.id, foreign?.id] });
    expect(notInSource.json()).toEqual({
      datasets: [`Invalid pk "${foreign?.id}" - object does not exist.`],
    });
    expect((await promote(token, issue.id, { tag: 999999 })).json()).toHaveProperty('tag');
    expect((await promote(token, issue.id, { min_value: 100 })).json()).toMatchObject({
      code: 'NOTHING_TO_PROMOTE',
    });
    expect((await promote(token, issue.id, { target: issue.id, top: 1 })).json()).toMatchObject({
      code: 'PROMOTE_SAME_SELECTION',
    });
    const model = await f.createDataModel(team.id);
    const otherType = await f.createIssue(team.id, 'RatingIssue', { dataModelId: model.id, maxRating: 5 });
    const mismatch = await promote(token, issue.id, { target: otherType.id, top: 1 });
    expect(mismatch.statusCode).toBe(400);
    expect(mismatch.json()).toMatchObject({ code: 'ITEM_TYPE_MISMATCH' });
    const theirs = await f.createIssue(stranger.team.id, 'RatingIssue', { maxRating: 5 });
    expect((await promote(token, issue.id, { target: theirs.id, top: 1 })).statusCode).toBe(404);
    expect((await promote(stranger.token, issue.id, { top: 1 })).statusCode).toBe(404);
    const path = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/${items.a.id}/path/`,
      token: stranger.token,
    });
    expect(path.statusCode).toBe(404);
    // Nothing was added anywhere by the refusals.
    expect(await itemTitles(otherType.id)).toEqual([]);
    expect(await itemTitles(theirs.id)).toEqual([]);
  });

  it('tells the item.promoted webhooks which items went where', async () => {
    const { token, team, issue, items } = await f.createRatingSetup();
    const hook = await t.request({
      method: 'POST',
      url: '/api/v1/webhooks/',
      token,
      payload: { team: team.id, url: receiver.url, events: ['item.promoted'] },
    });
    expect(hook.statusCode).toBe(201);
    const reply = await promote(token, issue.id, { top: 1 });
    const target = reply.json().issue;
    expect(await deliverWebhooks(t.app.ctx)).toEqual({ delivered: 1, failed: 0 });
    const body = JSON.parse((receiver.received.at(-1) as Received).body);
    expect(body).toMatchObject({
      type: 'item.promoted',
      data: {
        source: { type: 'selection', id: issue.id, title: issue.title, round: 1 },
        target: { id: target, title: `${issue.title} — round 2`, round: 2 },
        items: [{ id: items.b.id, title: 'B', rank: 1, value: 4 }],
      },
    });
    // Nothing new added: nothing told.
    await promote(token, issue.id, { target, top: 1 });
    expect(await deliverWebhooks(t.app.ctx)).toEqual({ delivered: 0, failed: 0 });
  });
});

describe('POST issues-merge/{id}/promote', () => {
  it("promotes a merge's top items into a new round built from its first selection", async () => {
    const { token, team, issue, items } = await f.createRatingSetup();
    const picks = await f.createIssue(team.id, 'SelectionIssue', { minItems: 1, maxItems: 2, round: 2 });
    await f.addItems(picks.id, [items.a.id, items.b.id, items.c.id]);
    await f.submit(picks.id, (await f.addJudge(picks.id)).id, [[items.a.id, 1]]);
    const merge = await t.request({
      method: 'POST',
      url: '/api/v1/issues-merge/',
      token,
      payload: {
        title: 'Finalists',
        team: team.id,
        issue_merge_infos: [
          { issue: issue.id, weight: 1 },
          { issue: picks.id, weight: 1 },
        ],
      },
    });
    expect(merge.statusCode).toBe(201);
    const mergeId = merge.json().id;
    // A .4+1 = .7, B .8+0 = .4, C .7+0 = .35, D only in the rating, unrated.
    const reply = await promote(token, mergeId, { top: 1 }, 'issues-merge');
    expect(reply.statusCode).toBe(200);
    const round = await storedIssue(reply.json().issue);
    expect(round).toMatchObject({ title: 'Finalists — round 3', round: 3, resourcetype: 'RatingIssue' });
    expect(await itemTitles(reply.json().issue)).toEqual(['A']);
    const path = (
      await t.request({ method: 'GET', url: `/api/v1/datasets/${items.a.id}/path/`, token })
    ).json();
    expect(path.steps[0]).toMatchObject({
      source: { type: 'merge', id: mergeId, title: 'Finalists', round: 2 },
      rank: 1,
      value: 0.7,
    });
    const again = await promote(
      token,
      mergeId,
      { target: reply.json().issue, min_value: 0.4 },
      'issues-merge',
    );
    expect(again.json()).toMatchObject({ added: 1, already: 1 });
    const stranger = await t.createAdmin();
    expect((await promote(stranger.token, mergeId, { top: 1 }, 'issues-merge')).statusCode).toBe(404);
  });
});

describe('the path in the exports', () => {
  it('writes each promoted item’s path in the items export and the report export', async () => {
    const setup = await f.createRatingSetup();
    const { token, team, issue, items } = setup;
    const second = (await promote(token, issue.id, { top: 2 })).json().issue;
    await f.submit(second, (await f.addJudge(second)).id, [
      [items.c.id, 5],
      [items.b.id, 1],
    ]);
    const third = (await promote(token, second, { top: 1 })).json().issue;
    const column = (sheet: unknown[][] | undefined, key: unknown, name = 'Path') => {
      const [header, ...rows] = sheet ?? [];
      const at = header?.indexOf(name) ?? -1;
      expect(at).toBeGreaterThan(0);
      return Object.fromEntries(rows.map((row) => [row[key as number], row[at]]));
    };
    const report = await t.request({ method: 'GET', url: `/api/v1/issues/${third}/export_excel/`, token });
    const byTitle = column((await readWorkbook(report.rawPayload)).Ranking, 2);
    expect(byTitle.C).toBe(
      `Round 1 · ${issue.title} (rank 2) → Round 2 · ${issue.title} — round 2 (rank 1) → Round 3 · ${issue.title} — round 3`,
    );
    const list = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/export_excel/?team=${team.id}`,
      token,
    });
    const paths = column(Object.values(await readWorkbook(list.rawPayload))[0], 1);
    expect(paths.B).toBe(`Round 1 · ${issue.title} (rank 1) → Round 2 · ${issue.title} — round 2`);
    expect(paths.A).toBeUndefined();

    // In French, the words of the item's rounds; the titles as written.
    await setLanguage(t, setup, 'fr');
    const frenchReport = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${third}/export_excel/`,
      token,
    });
    expect(column((await readWorkbook(frenchReport.rawPayload)).Classement, 2, 'Parcours').C).toBe(
      `Tour 1 · ${issue.title} (rang 2) → Tour 2 · ${issue.title} — round 2 (rang 1) → Tour 3 · ${issue.title} — round 3`,
    );
    const frenchList = await t.request({
      method: 'GET',
      url: `/api/v1/datasets/export_excel/?team=${team.id}`,
      token,
    });
    expect(column((await readWorkbook(frenchList.rawPayload)).Éléments, 1, 'Parcours').B).toBe(
      `Tour 1 · ${issue.title} (rang 1) → Tour 2 · ${issue.title} — round 2`,
    );
  });
});

it('documents the promotion and the path in the OpenAPI description', async () => {
  const reply = await t.request({ method: 'GET', url: '/api/docs/json' });
  expect(reply.statusCode).toBe(200);
  const paths = Object.keys(reply.json().paths);
  expect(paths).toEqual(
    expect.arrayContaining([
      '/api/v1/issues/{id}/promote/',
      '/api/v1/issues-merge/{id}/promote/',
      '/api/v1/datasets/{id}/path/',
    ]),
  );
});
