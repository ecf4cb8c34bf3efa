import { afterAll, beforeAll, expect, it } from 'vitest';
import { pairwiseItems } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { reportFactories } from '../reports/test-factories.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = reportFactories(t);
});
afterAll(() => t.close());

/** Creates a merge of [issue id, weight] pairs through the API and reads its results. */
async function mergeResults(token: string, team: number, weights: [number, number][], query = '') {
  const created = await t.request({
    method: 'POST',
    url: '/api/v1/issues-merge/',
    token,
    payload: {
      title: 'Merged',
      team,
      issue_merge_infos: weights.map(([issue, weight]) => ({ issue, weight })),
    },
  });
  expect(created.statusCode).toBe(201);
  const reply = await t.request({
    method: 'GET',
    url: `/api/v1/issues-merge/${created.json().id}/results/${query}`,
    token,
  });
  expect(reply.statusCode).toBe(200);
  const body = reply.json();
  const ranking = body.order.map((id: number) => [
    body.datasets[id].title,
    body.datasets[id].average,
    body.datasets[id].rank,
  ]);
  return { body, ranking };
}

/**
 * Rating R (0–5, weight 2): A 2, B 4, C 3.5, D nobody → normalised by 5: .4, .8, .7, none.
 * Tokens T (weight 1): A 5, B 5, C 4, D 5 → by the largest (5): 1, 1, .8, 1.
 * Picks P (weight 1): A 2, B 1, C 1, E 0 → by the largest (2): 1, .5, .5, 0.
 * A (2·.4 + 1 + 1)/4 = .7; B (1.6 + 1 + .5)/4 = .775; C (1.4 + .8 + .5)/4 = .675;
 * D only T (R has no value, P lacks it) → 1; E only P → 0.
 */
it('merges a rating, a token and a pick selection on a common 0–1 scale, skipping missing items', async () => {
  const { token, team, issue: rating, items } = await f.createRatingSetup();
  const [e] = await f.createItems(team.id, [{ title: 'E' }]);
  if (!e) throw new Error('no item');
  const { a, b, c, d } = items;

  const tokens = await f.createIssue(team.id, 'TokenIssue', { nbTokens: 10, maxPerItem: 5 });
  await f.addItems(tokens.id, [a.id, b.id, c.id, d.id]);
  await f.submit(tokens.id, (await f.addJudge(tokens.id)).id, [
    [a.id, 3],
    [b.id, 2],
    [c.id, 4],
  ]);
  await f.submit(tokens.id, (await f.addJudge(tokens.id)).id, [
    [a.id, 2],
    [b.id, 3],
    [d.id, 5],
  ]);

  const picks = await f.createIssue(team.id, 'SelectionIssue', { maxItems: 2 });
  await f.addItems(picks.id, [a.id, b.id, c.id, e.id]);
  await f.submit(picks.id, (await f.addJudge(picks.id)).id, [
    [a.id, 1],
    [b.id, 1],
  ]);
  await f.submit(picks.id, (await f.addJudge(picks.id)).id, [
    [a.id, 1],
    [c.id, 1],
  ]);

  const { body, ranking } = await mergeResults(token, team.id, [
    [rating.id, 2],
    [tokens.id, 1],
    [picks.id, 1],
  ]);
  expect(ranking).toEqual([
    ['D', 1, 1],
    ['B', 0.775, 2],
    ['A', 0.7, 3],
    ['C', 0.675, 4],
    ['E', 0, 5],
  ]);
  expect(body.issues[rating.id]).toEqual({ [a.id]: 2, [b.id]: 4, [c.id]: 3.5, [d.id]: null });
  expect(body.issues[picks.id]).toEqual({ [a.id]: 2, [b.id]: 1, [c.id]: 1, [e.id]: 0 });
  expect(body.issue_ranks[picks.id]).toEqual({ [a.id]: 1, [b.id]: 2, [c.id]: 2, [e.id]: 4 });
  expect(body.scales).toEqual({ [rating.id]: 5, [tokens.id]: 5, [picks.id]: 2 });
  expect(body.issue_merge_infos.map((info: { weight: number }) => info.weight)).toEqual([2, 1, 1]);
});

it('ties equal averages and gives an item without any value no result, ranked last', async () => {
  const admin = await t.createAdmin();
  const [x, y, z] = await f.createItems(admin.team.id, [{ title: 'X' }, { title: 'Y' }, { title: 'Z' }]);
  if (!x || !y || !z) throw new Error('no items');
  const first = await f.createIssue(admin.team.id, 'RatingIssue', { maxRating: 10 });
  const second = await f.createIssue(admin.team.id, 'RatingIssue', { maxRating: 5 });
  await f.addItems(first.id, [x.id, y.id, z.id]);
  await f.addItems(second.id, [x.id, y.id]);
  // X: 5/10 and 2.5/5 → .5; Y: 10/10 and 0/5 → .5; Z rated by nobody.
  await f.submit(first.id, (await f.addJudge(first.id)).id, [
    [x.id, 5],
    [y.id, 10],
  ]);
  await f.submit(second.id, (await f.addJudge(second.id)).id, [
    [x.id, 2.5],
    [y.id, 0],
  ]);
  const { ranking } = await mergeResults(admin.token, admin.team.id, [
    [first.id, 1],
    [second.id, 1],
  ]);
  expect(ranking).toEqual([
    ['X', 0.5, 1],
    ['Y', 0.5, 1],
    ['Z', null, 3],
  ]);
});

/**
 * The report's bias-correction example (docs/judging.md) merged 1:1 with a 0–5 selection where one judge
 * gave every item 1 (no spread: left raw, 0.2 each). Raw: D (1 + .2)/2 = .6, B (.55 + .2)/2 = .375,
 * C .325, A .3. Normalised: D (.9509 + .2)/2 = .575, A (.7255 + .2)/2 = .463, B .371, C .167.
 */
it('merges each rating selection corrected for judge bias on request', async () => {
  const { token, team, issue, items } = await f.createBiasSetup();
  const flat = await f.createIssue(team.id, 'RatingIssue', { minRating: 0, maxRating: 5, step: 1 });
  await f.addItems(flat.id, [items.a.id, items.b.id, items.c.id, items.d.id]);
  await f.submit(
    flat.id,
    (await f.addJudge(flat.id)).id,
    [items.a, items.b, items.c, items.d].map((item) => [item.id, 1]),
  );
  const weights: [number, number][] = [
    [issue.id, 1],
    [flat.id, 1],
  ];
  expect((await mergeResults(token, team.id, weights)).ranking).toEqual([
    ['D', 0.6, 1],
    ['B', 0.375, 2],
    ['C', 0.325, 3],
    ['A', 0.3, 4],
  ]);
  expect((await mergeResults(token, team.id, weights, '?normalised=true')).ranking).toEqual([
    ['D', 0.575, 1],
    ['A', 0.463, 2],
    ['B', 0.371, 3],
    ['C', 0.167, 4],
  ]);
});

/**
 * Rating R (0–5): A 2, B 4, C 3.5 → .4, .8, .7. Pairwise W: A μ = 1, B μ = −1 → 1 / (1 + e^−μ) = .731, .269.
 * A (.4 + .731)/2 = .566; B (.8 + .269)/2 = .534; C only R → .7; D no value → last.
 */
it('merges a pairwise selection by each item’s chance to beat an average item', async () => {
  const { token, team, issue: rating, items } = await f.createRatingSetup();
  const { a, b } = items;
  const pairwise = await f.createIssue(team.id, 'PairwiseIssue');
  await f.addItems(pairwise.id, [a.id, b.id]);
  await t.db.insert(pairwiseItems).values([
    { issueId: pairwise.id, datasetId: a.id, mu: 1, sigmaSq: 0.5, comparisons: 3 },
    { issueId: pairwise.id, datasetId: b.id, mu: -1, sigmaSq: 0.5, comparisons: 3 },
  ]);
  const { body, ranking } = await mergeResults(token, team.id, [
    [rating.id, 1],
    [pairwise.id, 1],
  ]);
  expect(ranking).toEqual([
    ['C', 0.7, 1],
    ['A', 0.566, 2],
    ['B', 0.534, 3],
    ['D', null, 4],
  ]);
  expect(body.scales[pairwise.id]).toBe(1);
  expect(body.issue_ranks[pairwise.id]).toEqual({ [a.id]: 1, [b.id]: 2 });
});
