import { ballotAnswers, NOT_RANKED, type RankedItem, SCHULZE_MAX } from '@shortlist/contract';
import { inArray } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { datasets, issueDatasets, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { judgingCalls, judgingFactories } from '../judging/test-factories.ts';
import { preferencesOf, schulze } from './schulze.ts';

/**
 * The Tennessee capital example (Wikipedia, "Condorcet method"), 19 judges for 100 voters: 8 from Memphis
 * (M N C), 5 from Nashville (N C K), 3 from Chattanooga (C K N), 3 from Knoxville (K C N); n = 3 of the four
 * cities and Z, which nobody ranks. Borda (3, 2, 1): N 37, C 33, M 24, K 20 — M above K. Schulze: N, C, K, M —
 * K above M (11 judges prefer K to M), and N is the Condorcet winner.
 */
const GROUPS = [
  [8, 'MNC'],
  [5, 'NCK'],
  [3, 'CKN'],
  [3, 'KCN'],
] as const;

describe('the ranked report', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;
  let setup: Awaited<ReturnType<typeof tennessee>>;

  async function tennessee() {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RankedIssue', { nbRanked: 3, title: 'Capital' });
    const items = await f.addItems(issue.id, admin.team.id, ['M', 'N', 'C', 'K', 'Z']);
    const id = (letter: string) => items.find((item) => item.title === letter)?.id ?? 0;
    const judges: { userId: number; group: string }[] = [];
    for (const [count, order] of GROUPS)
      for (let i = 0; i < count; i++) {
        const judge = await f.addJudge(issue.id);
        const answers = ballotAnswers(3, [...order].map(id));
        const reply = await judgingCalls(t).submit(issue.id, judge.token, { answers });
        expect(reply.statusCode).toBe(201);
        judges.push({ userId: judge.user.id, group: order });
      }
    return { admin, issue, id, judges };
  }

  const report = (query = '') =>
    t.request({
      method: 'GET',
      url: `/api/v1/issues/${setup.issue.id}/ranked_report/${query}`,
      token: setup.admin.token,
    });

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
    setup = await tennessee();
  });
  afterAll(() => t.close());

  it('counts Borda in SQL and ranks by Schulze, with the Condorcet winner', async () => {
    const reply = await report();
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    const row = (letter: string) => body.items.find((item: { title: string }) => item.title === letter);
    expect(body.nb_ballots).toBe(19);
    expect(body.condorcet_winner).toBe(setup.id('N'));
    // Schulze ranks the four items on a ballot (fewer than SCHULZE_MAX); Z, on none, is not ranked.
    expect(body.schulze_items).toBe(4);
    expect(body.items.map((item: { title: string }) => item.title)).toEqual(['N', 'C', 'K', 'M', 'Z']);
    expect(
      ['N', 'C', 'M', 'K', 'Z'].map((c) => [row(c).borda, row(c).borda_rank, row(c).schulze_rank]),
    ).toEqual([
      [37, 1, 1],
      [33, 2, 2],
      [24, 3, 4],
      [20, 4, 3],
      [0, null, null],
    ]);
    expect(['N', 'C', 'M', 'K'].map((c) => [row(c).first_places, row(c).nb_ballots])).toEqual([
      [5, 19],
      [3, 19],
      [8, 8],
      [3, 11],
    ]);
  });

  it('returns the matrix behind Schulze, equal to the one built from the ballots', async () => {
    const body = (await report()).json();
    const order = 'NCKM';
    expect(body.matrix_items).toEqual([...order].map(setup.id));
    const ballots = GROUPS.map(([count, word]) => ({ count, order: [...word].map((c) => order.indexOf(c)) }));
    const d = preferencesOf(4, ballots);
    expect(body.preferences).toEqual(d);
    const strongest = schulze(4, d.flat()).strongest;
    expect(body.strongest).toEqual(d.map((_, i) => [...strongest.subarray(i * 4, i * 4 + 4)]));
    // 11 of 19 prefer K to M; the 8 Memphis judges the reverse.
    expect(body.preferences[2][3]).toBe(11);
    expect(body.preferences[3][2]).toBe(8);
  });

  it('counts only verified judges when asked, and only items with the tags', async () => {
    const memphis = setup.judges.filter((j) => j.group === 'MNC').map((j) => j.userId);
    await t.db.update(users).set({ emailVerificationStatus: 'ver' }).where(inArray(users.id, memphis));
    const body = (await report('?only_verified_emails=true')).json();
    expect(body.nb_ballots).toBe(8);
    expect(body.items[0]).toMatchObject({ title: 'M', borda: 24, schulze_rank: 1 });
    expect(body.condorcet_winner).toBe(setup.id('M'));
    await t.db.update(users).set({ emailVerificationStatus: 'unc' }).where(inArray(users.id, memphis));
    await t.db
      .update(datasets)
      .set({ tags: ['south'] })
      .where(inArray(datasets.id, [setup.id('M'), setup.id('K')]));
    const south = (await report('?tags=south')).json();
    // The ballots keep their points; only K and M are counted, and K still beats M 11 to 8.
    expect(south.items.map((item: { title: string; borda: number }) => [item.title, item.borda])).toEqual([
      ['K', 20],
      ['M', 24],
    ]);
    expect(south.preferences).toEqual([
      [0, 11],
      [8, 0],
    ]);
  });

  it('gives no preference over an item a judge could not rank', async () => {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RankedIssue', { nbRanked: 2, accessAllItems: false });
    const [x, y, z] = await f.addItems(issue.id, admin.team.id, ['X', 'Y', 'Z']);
    if (!x || !y || !z) throw new Error('setup');
    const wide = await f.addJudge(issue.id, { items: [x.id, y.id, z.id] });
    const narrow = await f.addJudge(issue.id, { items: [z.id, y.id] });
    const call = judgingCalls(t);
    await call.submit(issue.id, wide.token, { answers: ballotAnswers(2, [x.id, y.id]) });
    await call.submit(issue.id, narrow.token, { answers: ballotAnswers(2, [z.id, y.id]) });
    const body = (
      await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/ranked_report/`, token: admin.token })
    ).json();
    const at = (a: number, b: number) =>
      body.preferences[body.matrix_items.indexOf(a)][body.matrix_items.indexOf(b)];
    // The narrow judge never saw X: Z over X comes from nobody; the wide judge left Z off, below X and Y.
    expect([at(z.id, x.id), at(x.id, z.id), at(y.id, z.id), at(z.id, y.id)]).toEqual([0, 1, 1, 1]);
    expect(body.items.map((item: { title: string }) => item.title)).toEqual(['X', 'Y', 'Z']);
  });

  it('gives the places Schulze leaves open and the items it does not order against each other', async () => {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RankedIssue', { nbRanked: 3 });
    const items = await f.addItems(issue.id, admin.team.id, ['Acme', 'Globex', 'Initech', 'Umbrella']);
    const id = (title: string) => items.find((item) => item.title === title)?.id ?? 0;
    const call = judgingCalls(t);
    for (const order of [
      ['Acme', 'Globex', 'Initech'],
      ['Globex', 'Umbrella', 'Acme'],
    ])
      await call.submit(issue.id, (await f.addJudge(issue.id)).token, {
        answers: ballotAnswers(3, order.map(id)),
      });
    const body = (
      await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/ranked_report/`, token: admin.token })
    ).json();
    // Globex beats Umbrella and Initech, Acme beats Initech; every other pair is 1 : 1. Umbrella is 2nd
    // and Initech 3rd by who beats them, yet neither beats the other: both could be 3rd or 4th.
    const titleOf = (dataset: number) => items.find((item) => item.id === dataset)?.title;
    expect(
      body.items.map((item: RankedItem) => [
        item.title,
        item.schulze_rank,
        item.schulze_last_place,
        item.schulze_unordered.map(titleOf),
        item.schulze_unordered_count,
      ]),
    ).toEqual([
      ['Globex', 1, 2, ['Acme'], 1],
      ['Acme', 1, 3, ['Globex', 'Umbrella'], 2],
      ['Umbrella', 2, 4, ['Acme', 'Initech'], 2],
      ['Initech', 3, 4, ['Umbrella'], 1],
    ]);
    // A fully ordered count leaves no place open (Tennessee: N, C, K, M).
    const ordered = (await report()).json().items.filter((item: RankedItem) => item.schulze_rank !== null);
    expect(ordered.every((item: RankedItem) => item.schulze_last_place === item.schulze_rank)).toBe(true);
    expect(ordered.every((item: RankedItem) => item.schulze_unordered_count === 0)).toBe(true);
  });

  it('answers 404 to another team and NOT_RANKED for another type', async () => {
    const stranger = await t.createAdmin();
    const foreign = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${setup.issue.id}/ranked_report/`,
      token: stranger.token,
    });
    expect(foreign.statusCode).toBe(404);
    const rating = await f.createIssue(setup.admin.team.id, 'RatingIssue');
    const wrong = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${rating.id}/ranked_report/`,
      token: setup.admin.token,
    });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().code).toBe(NOT_RANKED);
  });

  it('exports both counts and the matrix to Excel', async () => {
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${setup.issue.id}/ranked_export/`,
      token: setup.admin.token,
    });
    expect(reply.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(reply.rawPayload as unknown as ArrayBuffer);
    const [ranking, matrix] = workbook.worksheets;
    expect(ranking?.getRow(1).values).toEqual([
      undefined,
      'Schulze rank',
      'Last Schulze place',
      'Borda rank',
      'ID',
      'Title',
      'Borda count',
      'First places',
      'Ballots',
    ]);
    expect(ranking?.getRow(4).values).toEqual([undefined, 3, 3, 4, setup.id('K'), 'K', 20, 3, 11]);
    expect((matrix?.getRow(2).values as unknown[] | undefined)?.slice(2)).toEqual(['N', 'C', 'K', 'M']);
    expect(matrix?.getRow(5).values).toEqual([undefined, 'K', 6, 3, 0, 11]);
  });

  it('brings a ranked selection into a merge by its Borda count over the largest', async () => {
    // Beside a token selection where one judge gives Z all 5 tokens: (Borda / 37 + tokens / 5) / 2.
    const tokens = await f.createIssue(setup.admin.team.id, 'TokenIssue');
    await t.db
      .insert(issueDatasets)
      .values(['M', 'N', 'C', 'K', 'Z'].map((c) => ({ issueId: tokens.id, datasetId: setup.id(c) })));
    const judge = await f.addJudge(tokens.id);
    await judgingCalls(t).submit(tokens.id, judge.token, { answers: [{ dataset: setup.id('Z'), value: 5 }] });
    const created = await t.request({
      method: 'POST',
      url: '/api/v1/issues-merge/',
      token: setup.admin.token,
      payload: {
        title: 'Merged',
        team: setup.admin.team.id,
        issue_merge_infos: [
          { issue: setup.issue.id, weight: 1 },
          { issue: tokens.id, weight: 1 },
        ],
      },
    });
    expect(created.statusCode).toBe(201);
    const results = (
      await t.request({
        method: 'GET',
        url: `/api/v1/issues-merge/${created.json().id}/results/`,
        token: setup.admin.token,
      })
    ).json();
    const average = (letter: string) => results.datasets[setup.id(letter)].average;
    expect(['N', 'C', 'M', 'K', 'Z'].map(average)).toEqual([0.5, 0.446, 0.324, 0.27, 0.5]);
    expect(results.scales[setup.issue.id]).toBe(37);
  });

  it('ranks by Schulze only the SCHULZE_MAX items with the most Borda points', async () => {
    const admin = await t.createAdmin();
    const n = SCHULZE_MAX + 2;
    const issue = await f.createIssue(admin.team.id, 'RankedIssue', { nbRanked: n, title: 'Many' });
    const items = await f.addItems(
      issue.id,
      admin.team.id,
      Array.from({ length: n }, (_, i) => `Item ${String(i).padStart(4, '0')}`),
    );
    const judge = await f.addJudge(issue.id);
    const ballot = ballotAnswers(
      n,
      items.map((item) => item.id),
    );
    expect((await judgingCalls(t).submit(issue.id, judge.token, { answers: ballot })).statusCode).toBe(201);
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/ranked_report/`,
      token: admin.token,
    });
    expect(reply.statusCode).toBe(200);
    const body = reply.json();
    expect(body.schulze_items).toBe(SCHULZE_MAX);
    expect(body.condorcet_winner).toBe(items[0]?.id);
    const ranks = body.items.map((item: { schulze_rank: number | null }) => item.schulze_rank);
    expect(ranks.slice(0, SCHULZE_MAX)).toEqual(Array.from({ length: SCHULZE_MAX }, (_, i) => i + 1));
    // The last two by Borda are on the ballot, beyond the cap: ranked by Borda only.
    expect(
      body.items
        .slice(SCHULZE_MAX)
        .map((item: { title: string; schulze_rank: number | null; borda_rank: number }) => [
          item.title,
          item.schulze_rank,
          item.borda_rank,
        ]),
    ).toEqual([
      [items[SCHULZE_MAX]?.title, null, SCHULZE_MAX + 1],
      [items[SCHULZE_MAX + 1]?.title, null, SCHULZE_MAX + 2],
    ]);
  });
});
