import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { issues, users } from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readWorkbook, setLanguage } from '../../test/workbook.ts';
import { reportFactories } from '../reports/test-factories.ts';
import { getAgreement } from './service.ts';

let t: TestApp;
let f: ReturnType<typeof reportFactories>;
beforeAll(async () => {
  t = await createTestApp();
  f = reportFactories(t);
});
afterAll(() => t.close());

interface AgreementReply {
  alpha: number | null;
  alpha_low: number | null;
  alpha_high: number | null;
  questions: { question: number; alpha: number | null }[];
  judges: { user: number; leniency: number | null; consistency: number | null }[];
}

async function agreement(token: string, issueId: number, query = '') {
  const reply = await t.request({
    method: 'GET',
    url: `/api/v1/issues/${issueId}/agreement/?${query}`,
    token,
  });
  expect(reply.statusCode).toBe(200);
  return reply.json() as AgreementReply;
}

/**
 * docs/judging.md, "Agreement between judges": rating 0–10, Team and Market (weight 1 each). Ann A (8,6)
 * B (6,4) C (4,2) D (2,2); Bob A (9,7) B (7,5) C (5,3); Cem A (3,8) B (8,2) C (2,9) D (9,1).
 */
const RATINGS = {
  ann: [
    [8, 6],
    [6, 4],
    [4, 2],
    [2, 2],
  ],
  bob: [
    [9, 7],
    [7, 5],
    [5, 3],
  ],
  cem: [
    [3, 8],
    [8, 2],
    [2, 9],
    [9, 1],
  ],
  dan: [],
} satisfies Record<string, [number, number][]>;
type Juror = keyof typeof RATINGS;

/** The jury above, or only some of its judges (each rating as above). */
async function createJury<N extends Juror = Juror>(names: N[] = ['ann', 'bob', 'cem', 'dan'] as N[]) {
  const admin = await t.createAdmin();
  const items = await f.createItems(
    admin.team.id,
    ['A', 'B', 'C', 'D'].map((title) => ({ title })),
  );
  const ids = items.map((item) => item.id) as [number, number, number, number];
  const issue = await f.createIssue(admin.team.id, 'RatingIssue', { minRating: 0, maxRating: 10, step: 1 });
  await f.addItems(issue.id, ids);
  const team = await f.addQuestion(issue.id, 'Team');
  const market = await f.addQuestion(issue.id, 'Market');
  const judges = {} as Record<N, Awaited<ReturnType<typeof f.addJudge>>>;
  for (const name of names) judges[name] = await f.addJudge(issue.id);
  for (const name of names) {
    const pairs: [number, number][] = RATINGS[name];
    if (pairs.length === 0) continue;
    await f.submit(
      issue.id,
      judges[name].id,
      pairs.flatMap(([t1, m], index): [number, number, number][] => [
        [ids[index] as number, t1, team.id],
        [ids[index] as number, m, market.id],
      ]),
    );
  }
  return { ...admin, issue, ids, team, market, judges };
}

describe('agreement between judges', () => {
  it("gives α (interval) overall and per criterion, its interval, and each judge's leniency and consistency", async () => {
    const { token, issue, team, market, judges } = await createJury();
    const reply = await agreement(token, issue.id);
    expect(reply.alpha).toBe(0.376);
    // The seeded bootstrap over the four items: wide, as four items allow.
    expect(reply.alpha_low).toBe(-0.509);
    expect(reply.alpha_high).toBe(0.446);
    expect(reply.questions).toEqual([
      { question: team.id, alpha: -0.134 },
      { question: market.id, alpha: 0.343 },
    ]);
    expect(reply.judges).toEqual([
      { user: judges.ann.id, leniency: -1.25, consistency: 0.929 },
      { user: judges.bob.id, leniency: 0.833, consistency: 0.99 },
      { user: judges.cem.id, leniency: 0.625, consistency: 0.422 },
      // Dan has not rated: no shared item.
      { user: judges.dan.id, leniency: null, consistency: null },
    ]);
  });

  it('adds up the same, read one item a statement, as the embedded engine reads a large selection', async () => {
    const rating = await createJury();
    // Picks: J1 A B, J2 A B, J3 A C, and a judge who never submitted.
    const [a, b, c] = rating.ids;
    const picks = await f.createIssue(rating.issue.teamId, 'SelectionIssue', { minItems: 0, maxItems: 4 });
    await f.addItems(picks.id, rating.ids);
    for (const picked of [[a, b], [a, b], [a, c], []]) {
      const judge = await f.addJudge(picks.id);
      if (picked.length > 0)
        await f.submit(
          picks.id,
          judge.id,
          picked.map((id): [number, number] => [id, 1]),
        );
    }
    for (const issueId of [rating.issue.id, picks.id]) {
      const [row] = await t.app.ctx.db.select().from(issues).where(eq(issues.id, issueId));
      if (!row) throw new Error('no selection');
      const whole = await agreement(rating.token, issueId);
      expect(whole.alpha).not.toBeNull();
      // One item a part: four statements of each kind, their sums added.
      expect(await getAgreement(t.app.ctx, row, {}, 1)).toEqual(whole);
    }
  });

  it('follows a new submission (the report tables are folded first)', async () => {
    const { token, issue, ids, team, market, judges } = await createJury();
    await f.submit(issue.id, judges.dan.id, [
      [ids[0], 8, team.id],
      [ids[0], 6, market.id],
      [ids[1], 6, team.id],
      [ids[1], 4, market.id],
    ]);
    const reply = await agreement(token, issue.id);
    expect(reply.alpha).not.toBe(0.376);
    expect(reply.judges.find((judge) => judge.user === judges.dan.id)?.leniency).not.toBeNull();
  });

  it("follows the report's verified-only and criteria filters", async () => {
    const { token, user, issue, team, judges } = await createJury();
    await t.db
      .update(users)
      .set({ emailVerificationStatus: 'ver' })
      .where(inArray(users.id, [judges.ann.id, judges.bob.id]));
    const all = await agreement(token, issue.id);
    const verified = await agreement(token, issue.id, 'only_verified_emails=true');
    expect(verified.alpha).not.toBe(all.alpha);
    expect(verified.judges.map((judge) => judge.user)).toEqual([judges.ann.id, judges.bob.id]);
    // The agreement of a jury of Ann and Bob alone.
    const pair = await createJury(['ann', 'bob']);
    const alone = await agreement(pair.token, pair.issue.id);
    const figures = (reply: AgreementReply) => ({
      ...reply,
      questions: reply.questions.map((question) => question.alpha),
      judges: reply.judges.map(({ leniency, consistency }) => ({ leniency, consistency })),
    });
    expect(figures(verified)).toEqual(figures(alone));

    // Team alone: α overall is Team's α; the other criterion is left out, as the report leaves it out.
    const teamOnly = await agreement(token, issue.id, `criteria=${team.id}`);
    expect(teamOnly.questions).toEqual([{ question: team.id, alpha: all.questions[0]?.alpha }]);
    expect(teamOnly.alpha).toBe(all.questions[0]?.alpha);
    expect(teamOnly.alpha).not.toBe(all.alpha);
    // Read as the report reads it: a bad id is dropped.
    expect(await agreement(token, issue.id, `criteria=${team.id},x`)).toEqual(teamOnly);
    // The export's Agreement sheet follows the export's filters likewise.
    const exported = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/export_excel/?criteria=${team.id}`,
      token,
    });
    const sheet = (await readWorkbook(exported.rawPayload)).Agreement ?? [];
    expect(sheet.slice(1, 3).map((row) => row.slice(0, 2))).toEqual([
      ['Chosen criteria (1 of 2)', teamOnly.alpha],
      ['Team', teamOnly.alpha],
    ]);
    await setLanguage(t, { user, token }, 'fr');
    const french = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/export_excel/?criteria=${team.id}`,
      token,
    });
    expect((await readWorkbook(french.rawPayload)).Accord?.[1]?.[0]).toBe('Critères choisis (1 sur 2)');
  });

  it('is null where fewer than two judges share an item', async () => {
    const admin = await t.createAdmin();
    const [a, b] = await f.createItems(admin.team.id, [{ title: 'A' }, { title: 'B' }]);
    if (!a || !b) throw new Error('no items');
    const issue = await f.createIssue(admin.team.id, 'RatingIssue', { minRating: 0, maxRating: 10, step: 1 });
    await f.addItems(issue.id, [a.id, b.id]);
    const [one, two] = [await f.addJudge(issue.id), await f.addJudge(issue.id)];
    await f.submit(issue.id, one.id, [[a.id, 3]]);
    await f.submit(issue.id, two.id, [[b.id, 7]]);
    expect(await agreement(admin.token, issue.id)).toEqual({
      alpha: null,
      alpha_low: null,
      alpha_high: null,
      questions: [],
      judges: [
        { user: one.id, leniency: null, consistency: null },
        { user: two.id, leniency: null, consistency: null },
      ],
    });
  });

  it('counts picks as nominal data: every item a submitted judge could pick, picked or not', async () => {
    const admin = await t.createAdmin();
    const items = await f.createItems(
      admin.team.id,
      ['A', 'B', 'C', 'D'].map((title) => ({ title })),
    );
    const [a, b, c, d] = items.map((item) => item.id) as [number, number, number, number];
    const issue = await f.createIssue(admin.team.id, 'SelectionIssue', { minItems: 0, maxItems: 4 });
    await f.addItems(issue.id, [a, b, c, d]);
    const [j1, j2, j3, idle] = [
      await f.addJudge(issue.id),
      await f.addJudge(issue.id),
      await f.addJudge(issue.id),
      await f.addJudge(issue.id),
    ];
    // Picked: J1 A B, J2 A B (C stored as not picked), J3 A C; the idle judge never submitted.
    await f.submit(issue.id, j1.id, [
      [a, 1],
      [b, 1],
    ]);
    await f.submit(issue.id, j2.id, [
      [a, 1],
      [b, 1],
      [c, 0],
    ]);
    await f.submit(issue.id, j3.id, [
      [a, 1],
      [c, 1],
    ]);
    const reply = await agreement(admin.token, issue.id);
    // Nominal α of [1 1 0 0; 1 1 0 0; 1 0 1 0] by the coincidence matrix: 1 − 11 × (8/3) / 48 = 0.389.
    expect(reply.alpha).toBe(0.389);
    expect(reply.questions).toEqual([]);
    expect(reply.judges.map((judge) => judge.user)).toEqual([j1.id, j2.id, j3.id, idle.id]);
    expect(reply.judges.at(-1)).toEqual({ user: idle.id, leniency: null, consistency: null });
  });

  it('counts tokens on an interval scale, 0 where a judge gave none; comments have no α', async () => {
    const admin = await t.createAdmin();
    const items = await f.createItems(
      admin.team.id,
      ['A', 'B', 'C', 'D'].map((title) => ({ title })),
    );
    const [a, b, c, d] = items.map((item) => item.id) as [number, number, number, number];
    const tokens = await f.createIssue(admin.team.id, 'TokenIssue', { nbTokens: 5, maxPerItem: 5 });
    await f.addItems(tokens.id, [a, b, c, d]);
    const [j1, j2, j3] = [
      await f.addJudge(tokens.id),
      await f.addJudge(tokens.id),
      await f.addJudge(tokens.id),
    ];
    await f.submit(tokens.id, j1.id, [
      [a, 3],
      [b, 2],
    ]);
    await f.submit(tokens.id, j2.id, [
      [a, 4],
      [b, 1],
    ]);
    await f.submit(tokens.id, j3.id, [[c, 5]]);
    expect((await agreement(admin.token, tokens.id)).alpha).toBe(-0.037);

    const text = await f.createIssue(admin.team.id, 'TextIssue');
    await f.addItems(text.id, [a, b]);
    const writer = await f.addJudge(text.id);
    await f.submit(text.id, writer.id, [], [[a, 'Strong team']]);
    expect(await agreement(admin.token, text.id)).toEqual({
      alpha: null,
      alpha_low: null,
      alpha_high: null,
      questions: [],
      judges: [],
    });
  });

  it("answers 404 for another team's selection and 401 without sign-in", async () => {
    const { issue } = await createJury();
    const other = await t.createAdmin();
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/agreement/`,
      token: other.token,
    });
    expect(reply.statusCode).toBe(404);
    const anonymous = await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/agreement/` });
    expect(anonymous.statusCode).toBe(401);
  });

  it('is the Excel export’s Agreement sheet, the inconsistent judge flagged', async () => {
    const { token, user, issue, judges } = await createJury();
    const reply = await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/export_excel/`, token });
    expect(reply.statusCode).toBe(200);
    const sheet = (await readWorkbook(reply.rawPayload)).Agreement ?? [];
    expect(sheet.slice(0, 4)).toEqual([
      [undefined, "Krippendorff's α", '95 % interval', 'Reading'],
      ['All criteria', 0.376, '-0.509 – 0.446', 'Judges agree poorly'],
      ['Team', -0.134, undefined, 'Judges agree poorly'],
      ['Market', 0.343, undefined, 'Judges agree poorly'],
    ]);
    const judgeRows = sheet.slice(sheet.findIndex((row) => row[0] === 'Judge') + 1);
    expect(judgeRows).toEqual([
      [judges.ann.email, -1.25, 0.929],
      [judges.bob.email, 0.833, 0.99],
      // Cem: 0.422, more than 0.3 below the median 0.929.
      [judges.cem.email, 0.625, 0.422, 'Yes'],
      [judges.dan.email],
    ]);

    // In the admin's language: the report's words, a comma for a decimal point in the interval's text.
    await setLanguage(t, { user, token }, 'fr');
    const french = await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/export_excel/`, token });
    const accord = (await readWorkbook(french.rawPayload)).Accord ?? [];
    expect(accord.slice(0, 3)).toEqual([
      [undefined, 'α de Krippendorff', 'Intervalle à 95 %', 'Lecture'],
      ['Tous les critères', 0.376, '-0,509 – 0,446', 'Les juges s’accordent mal'],
      ['Team', -0.134, undefined, 'Les juges s’accordent mal'],
    ]);
    const judgesHeader = accord.findIndex((row) => row[0] === 'Juge');
    expect(accord[judgesHeader]).toEqual([
      'Juge',
      'Indulgence',
      'Cohérence',
      'Cohérence très en dessous des autres',
    ]);
    expect(accord[judgesHeader + 3]).toEqual([judges.cem.email, 0.625, 0.422, 'Oui']);
  });
});
