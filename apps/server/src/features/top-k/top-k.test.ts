import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issues } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readWorkbook, setLanguage } from '../../test/workbook.ts';
import { reportFactories } from '../reports/test-factories.ts';
import { byShareThenScore } from './pairwise.ts';
import { getIssueTopK, getMergeTopK } from './service.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = reportFactories(t);
});
afterAll(() => t.close());

interface TopKReply {
  k: number;
  draws: number;
  seed: number;
  judges: number;
  items: { dataset: number; probability: number; verdict: string }[];
}

async function topK(token: string, url: string) {
  const reply = await t.request({ method: 'GET', url: `/api/v1/${url}`, token });
  expect(reply.statusCode, reply.body).toBe(200);
  return reply.json() as TopKReply;
}
/** Each item's [probability, verdict] by id. */
const byDataset = (body: TopKReply) =>
  new Map(body.items.map((item) => [item.dataset, [item.probability, item.verdict] as const]));

/** A rating selection 0–10 of `titles`, each judge's ratings given in the order of the titles. */
async function ratingSelection(ratings: number[][], titles = ['A', 'B', 'C']) {
  const admin = await t.createAdmin();
  const items = await f.createItems(
    admin.team.id,
    titles.map((title) => ({ title })),
  );
  const issue = await f.createIssue(admin.team.id, 'RatingIssue', { minRating: 0, maxRating: 10, step: 1 });
  await f.addItems(
    issue.id,
    items.map((item) => item.id),
  );
  for (const judgeRatings of ratings) {
    const judge = await f.addJudge(issue.id);
    await f.submit(
      issue.id,
      judge.id,
      judgeRatings.map((value, index) => [items[index]?.id ?? 0, value]),
    );
  }
  return { ...admin, issue, items };
}

describe('a selection’s top k', () => {
  it('puts an item every judge rates best in for sure, and those nobody ranks near it out', async () => {
    const { token, issue, items } = await ratingSelection([
      [10, 6, 2],
      [9, 7, 1],
      [10, 5, 3],
      [9, 6, 2],
    ]);
    const body = await topK(token, `issues/${issue.id}/top-k/?k=1`);
    expect(body).toMatchObject({ k: 1, draws: 1000, seed: 1, judges: 4 });
    expect(body.items).toEqual([
      { dataset: items[0]?.id, probability: 1, verdict: 'in' },
      { dataset: items[1]?.id, probability: 0, verdict: 'out' },
      { dataset: items[2]?.id, probability: 0, verdict: 'out' },
    ]);
  });

  it('makes two items tied on average by split judges borderline, their one seat shared', async () => {
    // A and B average 5 each: two judges see A far ahead, two B; C (3) is never in the top 1.
    const { token, issue, items } = await ratingSelection([
      [9, 1, 3],
      [9, 1, 3],
      [1, 9, 3],
      [1, 9, 3],
    ]);
    const probabilities = byDataset(await topK(token, `issues/${issue.id}/top-k/?k=1`));
    const [a, b, c] = items.map((item) => probabilities.get(item.id));
    expect(a?.[1]).toBe('borderline');
    expect(b?.[1]).toBe('borderline');
    expect(a?.[0]).toBeGreaterThan(0.4);
    expect(b?.[0]).toBeGreaterThan(0.4);
    // Every draw gives out exactly one seat.
    expect((a?.[0] ?? 0) + (b?.[0] ?? 0)).toBeCloseTo(1, 3);
    expect(c).toEqual([0, 'out']);
  });

  it('gives the same answer for the same data and seed, another for another seed', async () => {
    const { token, issue } = await ratingSelection([
      [9, 1, 3],
      [9, 1, 3],
      [1, 9, 3],
      [1, 9, 3],
      [6, 5, 4],
    ]);
    const url = `issues/${issue.id}/top-k/?k=1`;
    const first = await topK(token, url);
    expect(await topK(token, url)).toEqual(first);
    expect(await topK(token, `${url}&seed=1`)).toEqual(first);
    const other = await topK(token, `${url}&seed=77`);
    expect(other.seed).toBe(77);
    expect(other.items).not.toEqual(first.items);
  });

  /**
   * docs/judging.md's bias example (H: A 3, B 2, C 1; G: B 9, C 8, D 10; L: A 5), k = 1, over the 27
   * equally likely draws of 3 judges. Raw: D (10) wins whenever G is drawn, A otherwise: P(A) = 8/27 =
   * 0.296. Normalised, H's A and G's D both map to 9.509: A also ties D (½ seat) when H and G are drawn
   * without L (6 of 27 draws): P(A) = (8 + 3) / 27 = 0.407.
   */
  it('ranks the values the report ranks: raw, or corrected for judge bias', async () => {
    const { token, issue, items } = await f.createBiasSetup();
    const raw = byDataset(await topK(token, `issues/${issue.id}/top-k/?k=1`));
    const normalised = byDataset(await topK(token, `issues/${issue.id}/top-k/?k=1&normalised=true`));
    expect(raw.get(items.a.id)?.[0]).toBeCloseTo(8 / 27, 1);
    expect(raw.get(items.d.id)?.[0]).toBeCloseTo(19 / 27, 1);
    expect(normalised.get(items.a.id)?.[0]).toBeCloseTo(11 / 27, 1);
    expect(normalised.get(items.d.id)?.[0]).toBeCloseTo(16 / 27, 1);
    expect(Math.abs((normalised.get(items.a.id)?.[0] ?? 0) - 11 / 27)).toBeLessThan(0.05);
    expect(Math.abs((raw.get(items.a.id)?.[0] ?? 0) - 8 / 27)).toBeLessThan(0.05);
  });

  it('follows the report’s filters: verified judges, tags and criteria', async () => {
    // Verified (J1, J2): A 3, B 4 (3, 5), C 5 (J1 only); with J3 unverified, A 2, B 4, C 3.5.
    const { token, issue, items, q1 } = await f.createRatingSetup();
    const all = await topK(token, `issues/${issue.id}/top-k/?k=3`);
    expect(all.judges).toBe(3);
    expect(all.items.map((item) => item.dataset).sort()).toEqual(
      [items.a.id, items.b.id, items.c.id, items.d.id].sort(),
    );
    // Nobody rated D: never in; with 3 rated items and k = 3, those three are in every draw they have a value.
    expect(byDataset(all).get(items.d.id)).toEqual([0, 'out']);
    expect(byDataset(all).get(items.a.id)).toEqual([1, 'in']);

    const verified = await topK(token, `issues/${issue.id}/top-k/?k=1&only_verified_emails=true`);
    expect(verified.judges).toBe(2);
    const tagged = await topK(token, `issues/${issue.id}/top-k/?k=1&tags=health`);
    expect(tagged.items.map((item) => item.dataset).sort()).toEqual([items.a.id, items.b.id].sort());
    // On Team alone, J2 gives B 5 and J1 C 5: B and C share the seat when both are drawn.
    const team = byDataset(await topK(token, `issues/${issue.id}/top-k/?k=1&criteria=${q1.id}`));
    expect(team.get(items.b.id)?.[1]).toBe('borderline');
  });

  it('reads the same values one item a statement, as the embedded engine reads a large selection', async () => {
    // Five judges split on A and B, each with a bias of their own: fractional probabilities, which a part
    // left out or a judge's values split wrongly between the parts would change.
    const { token, issue } = await ratingSelection(
      [
        [9, 1, 3, 5],
        [8, 2, 4, 6],
        [1, 9, 3, 2],
        [2, 8, 5, 3],
        [6, 5, 4, 7],
      ],
      ['A', 'B', 'C', 'D'],
    );
    const [row] = await t.app.ctx.db.select().from(issues).where(eq(issues.id, issue.id));
    if (!row) throw new Error('no selection');
    for (const [query, filters] of [
      ['', {}],
      ['&normalised=true', { normalised: true }],
      ['&normalised=true&per_criterion=true', { normalised: true, per_criterion: true }],
    ] as const) {
      const whole = await topK(token, `issues/${issue.id}/top-k/?k=2${query}`);
      expect(whole.items.some((item) => item.verdict === 'borderline')).toBe(true);
      // One item a part: four statements, their rows put together.
      expect(await getIssueTopK(t.app.ctx, row, filters, { k: 2, valuesAStatement: 1 })).toEqual(whole);
    }
  });

  it('answers 404 to another team’s admin, 400 with a field message for a bad k', async () => {
    const { issue } = await ratingSelection([[1, 2, 3]]);
    const stranger = await t.createAdmin();
    const other = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/top-k/?k=1`,
      token: stranger.token,
    });
    expect(other.statusCode).toBe(404);
    const { token, issue: own } = await ratingSelection([[1, 2, 3]]);
    const cases: [string, string][] = [
      ['', 'This field is required.'],
      ['k=0', 'Ensure this value is greater than or equal to 1.'],
      ['k=2.5', 'A valid integer is required.'],
      ['k=ten', 'A valid integer is required.'],
      ['k=10001', 'Ensure this value is less than or equal to 10000.'],
    ];
    for (const [query, message] of cases) {
      const reply = await t.request({
        method: 'GET',
        url: `/api/v1/issues/${own.id}/top-k/?${query}`,
        token,
      });
      expect(reply.statusCode, query).toBe(400);
      expect(reply.json(), query).toEqual({ k: [message] });
    }
    const anonymous = await t.request({ method: 'GET', url: `/api/v1/issues/${own.id}/top-k/?k=1` });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('the report’s export', () => {
  it('gains each item’s probability of the top k and its verdict when k is given', async () => {
    const selection = await ratingSelection([
      [10, 6, 2],
      [9, 7, 1],
    ]);
    const { token, issue, items } = selection;
    const ranking = async (query: string, sheet = 'Ranking') => {
      const reply = await t.request({
        method: 'GET',
        url: `/api/v1/issues/${issue.id}/export_excel/${query}`,
        token,
      });
      expect(reply.statusCode).toBe(200);
      return (await readWorkbook(reply.rawPayload))[sheet] ?? [];
    };
    const [header, ...rows] = await ranking('?k=2');
    const column = header?.indexOf('In the top 2 (probability)') ?? -1;
    expect(column).toBeGreaterThan(0);
    expect(header?.[column + 1]).toBe('Top 2 verdict');
    expect(rows.map((row) => [row[1], row[column], row[column + 1]])).toEqual([
      [items[0]?.id, 1, 'In for sure'],
      [items[1]?.id, 1, 'In for sure'],
      [items[2]?.id, 0, 'Out'],
    ]);
    expect((await ranking(''))[0]).not.toContain('Top 2 verdict');
    const bad = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/export_excel/?k=0`,
      token,
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ k: ['Ensure this value is greater than or equal to 1.'] });
    // In the admin's language, the words of the "How sure" tab.
    await setLanguage(t, selection, 'fr');
    const [frenchHeader, ...frenchRows] = await ranking('?k=2', 'Classement');
    expect(frenchHeader?.slice(column, column + 2)).toEqual([
      'Dans les 2 premiers (probabilité)',
      'Verdict (2 premiers)',
    ]);
    expect(frenchRows.map((row) => row[column + 1])).toEqual([
      'Retenu à coup sûr',
      'Retenu à coup sûr',
      'Écarté',
    ]);
  });
});

describe('a merge’s top k', () => {
  /** Rating R (0–10): every judge A 10, B 0. Tokens T: every judge gives B 5, A nothing. */
  async function mergeSetup(weights: { rating: number; tokens: number }) {
    const {
      token,
      user,
      team,
      issue: rating,
      items,
    } = await ratingSelection(
      [
        [10, 0],
        [10, 0],
      ],
      ['A', 'B'],
    );
    const tokens = await f.createIssue(team.id, 'TokenIssue', { nbTokens: 10, maxPerItem: 5 });
    await f.addItems(
      tokens.id,
      items.map((item) => item.id),
    );
    for (let n = 0; n < 3; n++)
      await f.submit(tokens.id, (await f.addJudge(tokens.id)).id, [[items[1]?.id ?? 0, 5]]);
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/issues-merge/',
      token,
      payload: {
        title: 'Merged',
        team: team.id,
        issue_merge_infos: [
          { issue: rating.id, weight: weights.rating },
          { issue: tokens.id, weight: weights.tokens },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    return { token, user, merge: created.json().id as number, items };
  }

  it('combines each selection’s resampled values with the merge’s weights', async () => {
    // A: (3 · 1 + 1 · 0) / 4 = .75 against B's .25; weights swapped, B .75 against A .25.
    const ratingFirst = await mergeSetup({ rating: 3, tokens: 1 });
    const first = await topK(ratingFirst.token, `issues-merge/${ratingFirst.merge}/top-k/?k=1`);
    expect(first.judges).toBe(5);
    expect(first.items).toEqual([
      { dataset: ratingFirst.items[0]?.id, probability: 1, verdict: 'in' },
      { dataset: ratingFirst.items[1]?.id, probability: 0, verdict: 'out' },
    ]);
    const exported = await t.request({
      method: 'GET',
      url: `/api/v1/issues-merge/${ratingFirst.merge}/export_excel/?k=1`,
      token: ratingFirst.token,
    });
    expect(exported.statusCode).toBe(200);
    const [header, ...rows] = (await readWorkbook(exported.rawPayload))['Merged ranking'] ?? [];
    expect(header?.slice(-3)).toEqual(['Result', 'In the top 1 (probability)', 'Top 1 verdict']);
    expect(rows.map((row) => [row[1], ...row.slice(-2)])).toEqual([
      [ratingFirst.items[0]?.id, 1, 'In for sure'],
      [ratingFirst.items[1]?.id, 0, 'Out'],
    ]);
    // In French, the top 1 is "en tête".
    await setLanguage(t, ratingFirst, 'fr');
    const french = await t.request({
      method: 'GET',
      url: `/api/v1/issues-merge/${ratingFirst.merge}/export_excel/?k=1`,
      token: ratingFirst.token,
    });
    const [frenchHeader, ...frenchRows] =
      (await readWorkbook(french.rawPayload))['Classement fusionné'] ?? [];
    expect(frenchHeader?.slice(-3)).toEqual(['Résultat', 'En tête (probabilité)', 'Verdict (en tête)']);
    expect(frenchRows.map((row) => row.at(-1))).toEqual(['Retenu à coup sûr', 'Écarté']);
    const tokensFirst = await mergeSetup({ rating: 1, tokens: 3 });
    const second = await topK(tokensFirst.token, `issues-merge/${tokensFirst.merge}/top-k/?k=1`);
    expect(second.items[0]).toEqual({ dataset: tokensFirst.items[1]?.id, probability: 1, verdict: 'in' });
  });

  it('reads the same values one item a statement, as the embedded engine reads a large merge', async () => {
    const { token, merge } = await mergeSetup({ rating: 1, tokens: 1 });
    const whole = await topK(token, `issues-merge/${merge}/top-k/?k=1`);
    const reply = await t.request({ method: 'GET', url: `/api/v1/issues-merge/${merge}/`, token });
    expect(reply.statusCode).toBe(200);
    // One item a part (each of the two selections holds both): the parts' rows of both selections together.
    expect(await getMergeTopK(t.app.ctx, reply.json(), { k: 1, valuesAStatement: 1 })).toEqual(whole);
  });

  it('is borderline where one selection’s split judges decide, the same for a seed', async () => {
    const {
      token,
      team,
      issue: rating,
      items,
    } = await ratingSelection(
      [
        [9, 1],
        [1, 9],
        [9, 1],
        [1, 9],
      ],
      ['A', 'B'],
    );
    const second = await f.createIssue(team.id, 'RatingIssue', { minRating: 0, maxRating: 10, step: 1 });
    await f.addItems(
      second.id,
      items.map((item) => item.id),
    );
    await f.submit(second.id, (await f.addJudge(second.id)).id, [
      [items[0]?.id ?? 0, 5],
      [items[1]?.id ?? 0, 5],
    ]);
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/issues-merge/',
      token,
      payload: {
        title: 'Split',
        team: team.id,
        issue_merge_infos: [
          { issue: rating.id, weight: 1 },
          { issue: second.id, weight: 1 },
        ],
      },
    });
    const url = `issues-merge/${created.json().id}/top-k/?k=1`;
    const body = await topK(token, url);
    expect(body.items.map((item) => item.verdict)).toEqual(['borderline', 'borderline']);
    expect(await topK(token, url)).toEqual(body);
  });

  it('answers 404 to another team’s admin and 400 for a bad k', async () => {
    const { token, merge } = await mergeSetup({ rating: 1, tokens: 1 });
    const stranger = await t.createAdmin();
    const other = await t.request({
      method: 'GET',
      url: `/api/v1/issues-merge/${merge}/top-k/?k=1`,
      token: stranger.token,
    });
    expect(other.statusCode).toBe(404);
    const bad = await t.request({ method: 'GET', url: `/api/v1/issues-merge/${merge}/top-k/?k=-1`, token });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toEqual({ k: ['Ensure this value is greater than or equal to 1.'] });
  });
});

describe('a pairwise selection’s top k', () => {
  it('lists equal shares in the ranking’s order, by score, then by id', () => {
    const rows = [
      { dataset: 1, probability: 0.358, mu: 24.1 },
      { dataset: 2, probability: 0.226, mu: 23 },
      { dataset: 3, probability: 0.358, mu: 25.4 },
      { dataset: 4, probability: 0.358, mu: 25.4 },
    ];
    expect(rows.sort(byShareThenScore).map((row) => row.dataset)).toEqual([3, 4, 1, 2]);
  });
});
