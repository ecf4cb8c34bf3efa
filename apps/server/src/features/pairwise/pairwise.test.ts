import { HAS_SUBMITTED, PAIRWISE_STALE } from '@shortlist/contract';
import { and, eq } from 'drizzle-orm';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  datasets,
  issueAccesses,
  issueConflicts,
  issueDatasets,
  pairwiseItems,
  pairwiseJudges,
  pairwiseSeen,
  pairwiseVotes,
  webhookDeliveries,
  webhooks,
} from '../../db/schema/index.ts';
import { solveCaptcha } from '../../test/captcha.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { readWorkbook, setLanguage } from '../../test/workbook.ts';
import { judgingFactories } from '../judging/test-factories.ts';
import { ALPHA_PRIOR, applyVote, BETA_PRIOR } from './crowd-bt.ts';
import { MIN_COMPARISONS } from './dispatch.ts';

const url = (issueId: number, rest: string, token: string) =>
  `/api/v1/issues/${issueId}/pairwise/${rest}?token=${token}`;

describe('pairwise selections', () => {
  let t: TestApp;
  let f: ReturnType<typeof judgingFactories>;

  beforeAll(async () => {
    t = await createTestApp();
    f = judgingFactories(t);
  });
  afterAll(() => t.close());

  const state = (issueId: number, token: string) =>
    t.request({ method: 'GET', url: url(issueId, '', token) });
  const vote = (issueId: number, token: string, next: number, choice: string) =>
    t.request({ method: 'POST', url: url(issueId, 'vote/', token), payload: { next, choice } });

  /** Votes `choice` on the pair on screen; answers the new state. */
  async function step(issueId: number, token: string, choice: string) {
    const before = (await state(issueId, token)).json();
    const reply = await vote(issueId, token, before.next.id, choice);
    expect(reply.statusCode).toBe(200);
    return { before, after: reply.json() };
  }

  it('is created with a shortlist size, null by default; 0 is refused with a field message', async () => {
    const admin = await t.createAdmin();
    const create = (extra: Record<string, unknown>) =>
      t.request({
        method: 'POST',
        url: '/api/v1/issues/',
        token: admin.token,
        payload: { team: admin.team.id, title: 'Expo', resourcetype: 'PairwiseIssue', ...extra },
      });
    const plain = await create({});
    expect(plain.statusCode).toBe(201);
    expect(plain.json()).toMatchObject({
      resourcetype: 'PairwiseIssue',
      shortlist_size: null,
      nb_tokens: null,
    });
    expect((await create({ shortlist_size: 12 })).json().shortlist_size).toBe(12);
    const bad = await create({ shortlist_size: 0 });
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('shortlist_size');
  });

  it('shows one item first, then pairs; a vote moves the beliefs of both items and of the judge', async () => {
    const { issue, judge } = await f.createSetup('PairwiseIssue');
    const first = (await state(issue.id, judge.token)).json();
    expect(first).toMatchObject({ previous: null, votes: 0, seen: 1, items: 3, done: false });
    const { after: paired } = await step(issue.id, judge.token, 'next');
    expect(paired.previous.id).toBe(first.next.id);
    expect(paired.next.id).not.toBe(first.next.id);
    expect(paired.votes).toBe(0);

    const { after } = await step(issue.id, judge.token, 'previous');
    expect(after.votes).toBe(1);
    const [stored] = await t.db.select().from(pairwiseVotes).where(eq(pairwiseVotes.issueId, issue.id));
    expect(stored).toMatchObject({ userId: judge.user.id, winnerId: first.next.id, loserId: paired.next.id });
    const beliefs = new Map(
      (await t.db.select().from(pairwiseItems).where(eq(pairwiseItems.issueId, issue.id))).map((r) => [
        r.datasetId,
        r,
      ]),
    );
    const expected = applyVote(
      { alpha: ALPHA_PRIOR, beta: BETA_PRIOR },
      { mu: 0, sigmaSq: 1 },
      { mu: 0, sigmaSq: 1 },
    );
    expect(beliefs.get(first.next.id)).toMatchObject({ mu: expected.winner.mu, comparisons: 1 });
    expect(beliefs.get(paired.next.id)).toMatchObject({ mu: expected.loser.mu, comparisons: 1 });
    const [judgeRow] = await t.db
      .select()
      .from(pairwiseJudges)
      .where(eq(pairwiseJudges.accessId, judge.access.id));
    expect(judgeRow?.alpha).toBeCloseTo(expected.judge.alpha, 10);

    // All three seen: nothing left.
    const last = await step(issue.id, judge.token, 'next');
    expect(last.after).toMatchObject({ next: null, done: true, votes: 2, seen: 3 });
  });

  it('names the items "Item N" under blind review when their titles are the senders’ addresses', async () => {
    const { issue, judge } = await f.createSetup('PairwiseIssue', { hideRespondent: true });
    const links = await t.db.select().from(issueDatasets).where(eq(issueDatasets.issueId, issue.id));
    for (const link of links)
      await t.db
        .update(datasets)
        .set({ title: `founder${link.datasetId}@startup.test` })
        .where(eq(datasets.id, link.datasetId));
    const numbers = new Map(links.map((link) => [link.datasetId, link.number]));
    const first = (await state(issue.id, judge.token)).json();
    expect(first.next.title).toBe(`Item ${numbers.get(first.next.id)}`);
    const { after } = await step(issue.id, judge.token, 'next');
    expect([after.previous.title, after.next.title]).toEqual([
      `Item ${numbers.get(after.previous.id)}`,
      `Item ${numbers.get(after.next.id)}`,
    ]);
    expect(JSON.stringify(after)).not.toContain('@startup.test');
  });

  it('refuses a vote on a pair no longer on screen, without counting it', async () => {
    const { issue, judge } = await f.createSetup('PairwiseIssue');
    const { before } = await step(issue.id, judge.token, 'next');
    const again = await vote(issue.id, judge.token, before.next.id, 'next');
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe(PAIRWISE_STALE);
    expect((await state(issue.id, judge.token)).json().votes).toBe(0);
    const bad = await vote(issue.id, judge.token, before.next.id, 'both');
    expect(bad.statusCode).toBe(400);
    expect(bad.json()).toHaveProperty('choice');
  });

  it('a skip keeps the item on screen and never shows the skipped one again', async () => {
    const { issue, judge } = await f.createSetup('PairwiseIssue');
    const { after: paired } = await step(issue.id, judge.token, 'next');
    const { after } = await step(issue.id, judge.token, 'skip');
    expect(after.previous.id).toBe(paired.previous.id);
    expect(after.next.id).not.toBe(paired.next.id);
    expect(after.votes).toBe(0);
    const end = await step(issue.id, judge.token, 'skip');
    expect(end.after).toMatchObject({ next: null, done: true });
  });

  /** A selection whose three items were each compared `MIN_COMPARISONS` times already (by other judges). */
  async function comparedSetup() {
    const setup = await f.createSetup('PairwiseIssue');
    await t.db.insert(pairwiseItems).values(
      setup.items.map((row, i) => ({
        issueId: setup.issue.id,
        datasetId: row.id,
        mu: i / 10,
        sigmaSq: 0.5,
        comparisons: MIN_COMPARISONS,
      })),
    );
    return setup;
  }

  it('shows an item compared enough a second time, beside an item it was not yet compared with by the judge', async () => {
    const { issue, judge } = await comparedSetup();
    const x = (await state(issue.id, judge.token)).json().next.id;
    const { after: xy } = await step(issue.id, judge.token, 'next');
    const { after: yz } = await step(issue.id, judge.token, 'next');
    expect(yz).toMatchObject({ votes: 1, seen: 3 });
    // X, Y and Z seen once; X and Z were never compared by this judge: X comes back beside Z.
    const { after: zx } = await step(issue.id, judge.token, 'next');
    expect([zx.previous.id, zx.next.id]).toEqual([yz.next.id, x]);
    expect(zx).toMatchObject({ votes: 2, seen: 3, done: false });
    const [row] = await t.db
      .select()
      .from(pairwiseSeen)
      .where(and(eq(pairwiseSeen.accessId, judge.access.id), eq(pairwiseSeen.datasetId, x)));
    expect(row?.times).toBe(2);
    // Beside X, Y (already compared with X) and Z (on screen before) are out: the judge is through.
    const last = await step(issue.id, judge.token, 'next');
    expect(last.after).toMatchObject({ next: null, done: true, votes: 3 });
    expect(xy.next.id).not.toBe(x);
  });

  it('never shows a skipped item again, even when a second look is allowed', async () => {
    const { issue, judge } = await comparedSetup();
    await state(issue.id, judge.token);
    const { after: xy } = await step(issue.id, judge.token, 'next');
    const { after: xz } = await step(issue.id, judge.token, 'skip');
    expect(xz.previous.id).toBe(xy.previous.id);
    // Z beside X is the only vote; Y was skipped and X was already compared with Z.
    const { after } = await step(issue.id, judge.token, 'next');
    expect(after).toMatchObject({ next: null, done: true, votes: 1, seen: 3 });
  });

  it('shows a judge only their items and none they have a conflict with', async () => {
    const { issue, items } = await f.createSetup('PairwiseIssue', { accessAllItems: false });
    const [charlie, alpha] = items as [(typeof items)[0], (typeof items)[0]];
    const subset = await f.addJudge(issue.id, { items: [charlie.id, alpha.id] });
    const shown = new Set<number>();
    let current = (await state(issue.id, subset.token)).json();
    while (current.next) {
      shown.add(current.next.id);
      current = (await vote(issue.id, subset.token, current.next.id, 'next')).json();
    }
    expect(shown).toEqual(new Set([charlie.id, alpha.id]));
    expect(current.items).toBe(2);

    const open = await f.createSetup('PairwiseIssue');
    const [c2, a2, b2] = open.items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
    await t.db
      .insert(issueConflicts)
      .values({ accessId: open.judge.access.id, datasetId: b2.id, setBy: 'judge' });
    const seen = new Set<number>();
    current = (await state(open.issue.id, open.judge.token)).json();
    while (current.next) {
      seen.add(current.next.id);
      current = (await vote(open.issue.id, open.judge.token, current.next.id, 'next')).json();
    }
    expect(seen).toEqual(new Set([c2.id, a2.id]));
    // The item in conflict is not the judge's to compare: not counted, and the judge is done without it.
    expect(current).toMatchObject({ items: 2, seen: 2, done: true });
  });

  it('does not show an item on another judge’s screen until 5 minutes have passed', async () => {
    const { issue, judge } = await f.createSetup('PairwiseIssue');
    const other = await f.addJudge(issue.id);
    const held = (await state(issue.id, other.token)).json().next.id;
    const shown = new Set<number>();
    let current = (await state(issue.id, judge.token)).json();
    while (current.next) {
      shown.add(current.next.id);
      current = (await vote(issue.id, judge.token, current.next.id, 'next')).json();
    }
    expect(shown.has(held)).toBe(false);
    expect(current).toMatchObject({ next: null, done: false, seen: 2, items: 3 });

    await t.db
      .update(pairwiseJudges)
      .set({ shownAt: new Date(Date.now() - 6 * 60 * 1000) })
      .where(eq(pairwiseJudges.accessId, other.access.id));
    expect((await state(issue.id, judge.token)).json().next.id).toBe(held);
  });

  it('two judges voting at once on a shared item both count', async () => {
    const { issue, items, judge } = await f.createSetup('PairwiseIssue');
    const other = await f.addJudge(issue.id);
    const [shared, b, c] = items as [(typeof items)[0], (typeof items)[0], (typeof items)[0]];
    const prior = { alpha: ALPHA_PRIOR, beta: BETA_PRIOR, issueId: issue.id, shownAt: new Date() };
    await t.db.insert(pairwiseJudges).values([
      { ...prior, accessId: judge.access.id, previousId: shared.id, nextId: b.id },
      { ...prior, accessId: other.access.id, previousId: shared.id, nextId: c.id },
    ]);
    const twin = await t.twin();
    const [one, two] = await Promise.all([
      t.request({
        method: 'POST',
        url: url(issue.id, 'vote/', judge.token),
        payload: { next: b.id, choice: 'previous' },
      }),
      twin.request({
        method: 'POST',
        url: url(issue.id, 'vote/', other.token),
        payload: { next: c.id, choice: 'previous' },
      }),
    ]);
    expect([one.statusCode, two.statusCode]).toEqual([200, 200]);
    const [row] = await t.db.select().from(pairwiseItems).where(eq(pairwiseItems.datasetId, shared.id));
    const judgeBelief = { alpha: ALPHA_PRIOR, beta: BETA_PRIOR };
    const once = applyVote(judgeBelief, { mu: 0, sigmaSq: 1 }, { mu: 0, sigmaSq: 1 }).winner;
    const twice = applyVote(judgeBelief, once, { mu: 0, sigmaSq: 1 }).winner;
    expect(row?.comparisons).toBe(2);
    expect(row?.mu).toBeCloseTo(twice.mu, 10);
  });

  // PGlite has one connection, so only PostgreSQL can hold a lock while a request runs.
  it.runIf(process.env.TEST_DATABASE_URL)(
    'a vote waits for a lock on its item and reads what the holder wrote',
    async () => {
      const { issue, items, judge } = await f.createSetup('PairwiseIssue');
      const [shared, b] = items as [(typeof items)[0], (typeof items)[0]];
      const prior = { alpha: ALPHA_PRIOR, beta: BETA_PRIOR, issueId: issue.id, shownAt: new Date() };
      await t.db
        .insert(pairwiseJudges)
        .values({ ...prior, accessId: judge.access.id, previousId: shared.id, nextId: b.id });
      await t.db.insert(pairwiseItems).values([
        { issueId: issue.id, datasetId: shared.id, mu: 0, sigmaSq: 1 },
        { issueId: issue.id, datasetId: b.id, mu: 0, sigmaSq: 1 },
      ]);
      const row = eq(pairwiseItems.datasetId, shared.id);
      let voted: Promise<unknown> = Promise.resolve();
      await t.db.transaction(async (tx) => {
        await tx.select().from(pairwiseItems).where(row).for('update');
        voted = t.request({
          method: 'POST',
          url: url(issue.id, 'vote/', judge.token),
          payload: { next: b.id, choice: 'previous' },
        });
        await new Promise((resolve) => setTimeout(resolve, 300));
        // Another judge's vote, as it would commit while this one waits.
        await tx.update(pairwiseItems).set({ mu: 2, comparisons: 1 }).where(row);
      });
      await voted;
      const [after] = await t.db.select().from(pairwiseItems).where(row);
      const expected = applyVote(
        { alpha: ALPHA_PRIOR, beta: BETA_PRIOR },
        { mu: 2, sigmaSq: 1 },
        { mu: 0, sigmaSq: 1 },
      );
      expect(after?.comparisons).toBe(2);
      expect(after?.mu).toBeCloseTo(expected.winner.mu, 10);
    },
  );

  it('submitting closes the judge’s work: no answers taken, the webhook counts the votes', async () => {
    const { issue, judge, admin } = await f.createSetup('PairwiseIssue');
    await t.db.insert(webhooks).values({
      teamId: admin.team.id,
      url: 'https://hooks.example.com/x',
      events: ['judge.submitted'],
      secret: 's',
    });
    await step(issue.id, judge.token, 'next');
    await step(issue.id, judge.token, 'next');
    const refused = await t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/submissions/?token=${judge.token}`,
      payload: { answers: [{ dataset: 1, value: 1 }] },
    });
    expect(refused.statusCode).toBe(400);
    const done = await t.request({
      method: 'POST',
      url: `/api/v1/issues/${issue.id}/submissions/?token=${judge.token}`,
      payload: {},
    });
    expect(done.statusCode).toBe(201);
    const [delivery] = await t.db
      .select()
      .from(webhookDeliveries)
      .where(eq(webhookDeliveries.event, 'judge.submitted'));
    expect(JSON.parse(delivery?.body ?? '{}').data.submission).toMatchObject({
      judge: judge.user.id,
      answers: 1,
    });
  });

  it('a public link’s stranger asks for a token, then compares like an invited judge and finishes once', async () => {
    const { issue, judge, admin } = await f.createSetup('PairwiseIssue', { public: true, emailLink: false });
    const info = await t.request({ method: 'GET', url: `/api/v1/issues/${issue.id}/get_public_info/` });
    expect(info.statusCode).toBe(200);
    const unlock = async (email: string, remoteAddress: string) => {
      const reply = await t.request({
        method: 'POST',
        url: `/api/v1/issues/${issue.id}/unlock_public/`,
        payload: { captcha: await solveCaptcha(t), email },
        remoteAddress,
      });
      expect(reply.json()).toMatchObject({ email_sent: false, token: expect.any(String) });
      return reply.json().token as string;
    };
    const stranger = await unlock('visitor@expo.test', '10.41.0.1');
    const first = (await state(issue.id, stranger)).json();
    expect(first).toMatchObject({ previous: null, votes: 0, seen: 1, items: 3, done: false });
    // The invited judge is not shown the item on the stranger’s screen: the public judge's item is busy too.
    const invited = (await state(issue.id, judge.token)).json();
    expect(invited.next.id).not.toBe(first.next.id);

    await step(issue.id, stranger, 'next');
    const { before, after } = await step(issue.id, stranger, 'previous');
    expect(after.votes).toBe(1);
    const [access] = await t.db.select().from(issueAccesses).where(eq(issueAccesses.token, stranger));
    expect(access?.origin).toBe('public');
    expect(
      await t.db
        .select({ user: pairwiseVotes.userId, winner: pairwiseVotes.winnerId, loser: pairwiseVotes.loserId })
        .from(pairwiseVotes)
        .where(eq(pairwiseVotes.issueId, issue.id)),
    ).toEqual([{ user: access?.userId, winner: before.previous.id, loser: before.next.id }]);

    const finish = () =>
      t.request({
        method: 'POST',
        url: `/api/v1/issues/${issue.id}/submissions/?token=${stranger}`,
        payload: {},
      });
    expect((await finish()).statusCode).toBe(201);
    const again = await finish();
    expect(again.statusCode).toBe(400);
    expect(again.json().code).toBe(HAS_SUBMITTED);
    // The report counts each judge's votes apart: the stranger's one, none for the invited judge.
    const report = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/pairwise/report/`,
      token: admin.token,
    });
    expect(report.json().votes).toBe(1);
    expect(
      Object.fromEntries(report.json().judges.map((j: { user: number; votes: number }) => [j.user, j.votes])),
    ).toEqual({ [access?.userId ?? 0]: 1, [judge.user.id]: 0 });
    // A second stranger gets a judge identity and a pair of their own.
    const other = await unlock('other@expo.test', '10.41.0.2');
    expect(other).not.toBe(stranger);
    expect((await state(issue.id, other)).json()).toMatchObject({ votes: 0, seen: 1, items: 3 });
  });

  it('gives its report How sure, Promote and Decisions, all reading the model’s ranking', async () => {
    const { issue, judge, admin } = await f.createSetup('PairwiseIssue');
    const winner = (await state(issue.id, judge.token)).json().next.id as number;
    await step(issue.id, judge.token, 'previous');
    await step(issue.id, judge.token, 'previous');
    const api = (method: 'GET' | 'POST', path: string, payload?: object) =>
      t.request({ method, url: `/api/v1/${path}`, token: admin.token, ...(payload ? { payload } : {}) });

    const sure = await api('GET', `issues/${issue.id}/top-k/?k=1`);
    expect(sure.statusCode, sure.body).toBe(200);
    const topK = sure.json();
    expect(topK).toMatchObject({ k: 1, judges: 1 });
    // Each draw gives out its one seat: the shares add up to k, and the item that won twice leads.
    const total = topK.items.reduce(
      (sum: number, item: { probability: number }) => sum + item.probability,
      0,
    );
    expect(total).toBeCloseTo(1, 2);
    expect(topK.items[0].dataset).toBe(winner);
    expect(topK.items[0].probability).toBeGreaterThan(topK.items[1].probability);
    // The same seed, the same answer.
    expect((await api('GET', `issues/${issue.id}/top-k/?k=1`)).json()).toEqual(topK);

    const promoted = await api('POST', `issues/${issue.id}/promote/`, { target: null, top: 1 });
    expect(promoted.statusCode, promoted.body).toBe(200);
    const round = await t.db
      .select({ id: issueDatasets.datasetId })
      .from(issueDatasets)
      .where(eq(issueDatasets.issueId, promoted.json().issue));
    expect(round).toEqual([{ id: winner }]);
    const decided = await api('POST', 'decisions/', {
      team: admin.team.id,
      issue: issue.id,
      top: 1,
      decision: 'accepted',
    });
    expect(decided.json()).toEqual({ updated: 1 });
  });

  it('reports items by μ with an interval, comparisons and the judges’ reliability; other teams get 404', async () => {
    const { issue, judge, admin } = await f.createSetup('PairwiseIssue', { shortlistSize: 1 });
    const first = (await state(issue.id, judge.token)).json().next;
    await step(issue.id, judge.token, 'next');
    await step(issue.id, judge.token, 'previous');
    const reply = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/pairwise/report/`,
      token: admin.token,
    });
    expect(reply.statusCode).toBe(200);
    const report = reply.json();
    expect(report).toMatchObject({ shortlist_size: 1, votes: 1 });
    expect(report.items[0]).toMatchObject({ dataset: first.id, rank: 1, comparisons: 1, shortlisted: true });
    expect(report.items[0].low).toBeLessThan(report.items[0].mu);
    expect(report.items[0].high).toBeGreaterThan(report.items[0].mu);
    // The item never compared keeps the prior, between the winner and the loser.
    expect(report.items[1]).toMatchObject({ comparisons: 0, mu: 0, shortlisted: false });
    expect(report.items[2]).toMatchObject({ comparisons: 1, shortlisted: false });
    expect(report.judges).toEqual([expect.objectContaining({ user: judge.user.id, votes: 1 })]);
    expect(report.judges[0].reliability).toBeGreaterThan(0.5);

    const stranger = await t.createAdmin();
    const hidden = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/pairwise/report/`,
      token: stranger.token,
    });
    expect(hidden.statusCode).toBe(404);

    const exported = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/pairwise/report/export/`,
      token: admin.token,
    });
    expect(exported.statusCode).toBe(200);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(exported.rawPayload as unknown as ArrayBuffer);
    const ranking = workbook.getWorksheet('Ranking');
    expect(ranking?.getRow(2).getCell(2).value).toBe(first.id);
    expect(ranking?.getRow(2).getCell(9).value).toBe('yes');
    expect(workbook.getWorksheet('Judges')?.getRow(2).getCell(6).value).toBe(1);

    // In the admin's language: the report's words, the yes/no cells too; the same figures.
    await setLanguage(t, admin, 'fr');
    const french = await t.request({
      method: 'GET',
      url: `/api/v1/issues/${issue.id}/pairwise/report/export/`,
      token: admin.token,
    });
    const sheets = await readWorkbook(french.rawPayload);
    expect(Object.keys(sheets)).toEqual(['Classement', 'Juges']);
    expect(sheets.Classement?.[0]).toEqual([
      'Rang',
      'ID de l’élément',
      'Élément',
      'Score (μ)',
      'σ',
      'Borne basse à 95 %',
      'Borne haute à 95 %',
      'Comparaisons',
      'En tête',
    ]);
    expect(sheets.Classement?.slice(1).map((row) => row[8])).toEqual(['oui', 'non', 'non']);
    expect(sheets.Juges?.[0]).toEqual(['ID du juge', 'Juge', 'Fiabilité', 'α', 'β', 'Votes']);
    expect(sheets.Juges?.[1]?.[5]).toBe(1);
  });
});
