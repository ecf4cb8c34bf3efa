import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { IssueRow } from '../../access/team.ts';
import {
  datasets,
  issueAccessDatasets,
  issueAccesses,
  issueAnswers,
  issueConflicts,
  users,
} from '../../db/schema/index.ts';
import { createTestApp, type TestApp } from '../../test/harness.ts';
import { seededRandom } from '../../test/random.ts';
import { judgingFactories } from '../judging/test-factories.ts';
import { countPreferences } from './preferences.ts';
import { condorcetWinnerOf, schulze } from './schulze.ts';

const NB_RANKED = 4;
const ITEMS = 16;
const JUDGES = 24;

/**
 * A ranked selection of ITEMS items and JUDGES judges seeded at random, with what the ballot form never sends
 * but the counts must still read as the report always has: ballots shorter than n and with gaps, two items
 * with the same points (a tie: no preference either way), an item ranked and then declared a conflict, judges
 * without a ballot, a ballot without a subset; half the items tagged "north", a third of the judges verified.
 */
async function seedSelection(t: TestApp, accessAllItems: boolean, seed: number) {
  const f = judgingFactories(t);
  const random = seededRandom(seed);
  const pick = <T>(list: readonly T[], count: number) =>
    [...list].sort(() => random() - 0.5).slice(0, Math.max(0, count));
  const admin = await t.createAdmin();
  const issue = await f.createIssue(admin.team.id, 'RankedIssue', { nbRanked: NB_RANKED, accessAllItems });
  const items = await f.addItems(
    issue.id,
    admin.team.id,
    Array.from({ length: ITEMS }, (_, i) => `Item ${i}`),
  );
  const ids = items.map((item) => item.id);
  await t.db
    .update(datasets)
    .set({ tags: ['north'] })
    .where(
      inArray(
        datasets.id,
        ids.filter((_, i) => i % 2 === 0),
      ),
    );
  for (let judge = 0; judge < JUDGES; judge++) {
    const access = accessAllItems ? ids : pick(ids, 3 + Math.floor(random() * (ITEMS - 2)));
    // One judge of a subset selection has a ballot and no subset left: they may rank nothing.
    const { user, access: row } = await f.addJudge(issue.id, {
      items: accessAllItems || judge === 1 ? [] : access,
    });
    if (judge % 3 === 0)
      await t.db.update(users).set({ emailVerificationStatus: 'ver' }).where(eq(users.id, user.id));
    const ballot = pick(access, Math.floor(random() * (NB_RANKED + 1)));
    let points = NB_RANKED + 1;
    const answers = ballot.map((datasetId) => {
      // One place in five shares the points above it; one in five is skipped, leaving a gap.
      const draw = random();
      if (draw >= 0.2 || points > NB_RANKED) points -= draw < 0.4 && points > 2 ? 2 : 1;
      return { issueId: issue.id, userId: user.id, datasetId, questionId: null, value: points };
    });
    if (answers.length > 0) await t.db.insert(issueAnswers).values(answers);
    const conflicts = pick(
      access.filter((id) => random() < 0.1 || (ballot.includes(id) && random() < 0.15)),
      2,
    );
    if (conflicts.length > 0)
      await t.db
        .insert(issueConflicts)
        .values(conflicts.map((datasetId) => ({ accessId: row.id, datasetId, setBy: 'admin' })));
  }
  return { admin, issue };
}

/**
 * The preferences recounted plainly from the tables, pair by pair, as docs/judging.md states them: a judge
 * puts a above b when they ranked a, could rank b (in their access, no conflict), and gave b no points or
 * fewer. Borda, first places and ballots per item alongside.
 */
async function recount(t: TestApp, issue: IssueRow, { verified = false, tag = '' } = {}) {
  const answers = await t.db.select().from(issueAnswers).where(eq(issueAnswers.issueId, issue.id));
  const accesses = await t.db
    .select({ id: issueAccesses.id, userId: issueAccesses.userId, status: users.emailVerificationStatus })
    .from(issueAccesses)
    .innerJoin(users, eq(users.id, issueAccesses.userId))
    .where(eq(issueAccesses.issueId, issue.id));
  const accessIds = accesses.map((access) => access.id);
  const subsets = await t.db
    .select()
    .from(issueAccessDatasets)
    .where(inArray(issueAccessDatasets.accessId, accessIds));
  const conflicts = await t.db
    .select()
    .from(issueConflicts)
    .where(inArray(issueConflicts.accessId, accessIds));
  const tagged = await t.db.select({ id: datasets.id, tags: datasets.tags }).from(datasets);
  const kept = (id: number) => tag === '' || (tagged.find((row) => row.id === id)?.tags ?? []).includes(tag);
  const voters = accesses
    .filter((access) => !verified || access.status === 'ver')
    .map((access) => ({
      ballot: new Map(
        answers
          .filter((answer) => answer.userId === access.userId && kept(answer.datasetId))
          .map((answer) => [answer.datasetId, answer.value]),
      ),
      canRank: (id: number) =>
        (issue.accessAllItems || subsets.some((s) => s.accessId === access.id && s.datasetId === id)) &&
        !conflicts.some((c) => c.accessId === access.id && c.datasetId === id),
    }))
    .filter((voter) => voter.ballot.size > 0);
  const candidates = [...new Set(voters.flatMap((voter) => [...voter.ballot.keys()]))];
  const prefers = (a: number, b: number) =>
    voters.filter(({ ballot, canRank }) => {
      const mine = ballot.get(a);
      const theirs = ballot.get(b);
      return a !== b && mine !== undefined && canRank(b) && (theirs === undefined || theirs < mine);
    }).length;
  const on = (id: number) => voters.flatMap(({ ballot }) => ballot.get(id) ?? []);
  const sum = (values: number[]) => values.reduce((total, value) => total + value, 0);
  return {
    voters: voters.length,
    candidates,
    prefers,
    items: candidates.map((id) => ({
      dataset_id: id,
      borda: sum(on(id)),
      nb_ballots: on(id).length,
      first_places: on(id).filter((value) => value === NB_RANKED).length,
    })),
    ties: voters.filter(({ ballot }) => new Set(ballot.values()).size < ballot.size).length,
    short: voters.filter(({ ballot }) => ballot.size < NB_RANKED).length,
  };
}

interface Reply {
  nb_ballots: number;
  condorcet_winner: number | null;
  items: {
    dataset_id: number;
    borda: number;
    nb_ballots: number;
    first_places: number;
    schulze_rank: number | null;
  }[];
  matrix_items: number[];
  preferences: number[][];
}

describe('the ranked report against a plain recount from the ballots', () => {
  let t: TestApp;
  const selections: Awaited<ReturnType<typeof seedSelection>>[] = [];

  beforeAll(async () => {
    t = await createTestApp();
    selections.push(await seedSelection(t, false, 3), await seedSelection(t, true, 4));
  });
  afterAll(() => t.close());

  for (const [which, name] of [
    [0, 'judges with a subset each'],
    [1, 'every judge every item'],
  ] as const)
    for (const [query, filters] of [
      ['', {}],
      ['?only_verified_emails=true', { verified: true }],
      ['?tags=north', { tag: 'north' }],
    ] as const)
      it(`counts the same preferences, Borda and ranks: ${name}${query && `, ${query}`}`, async () => {
        const { admin, issue } = selections[which] as (typeof selections)[number];
        const expected = await recount(t, issue, filters);
        // The seed holds what the counts must get right, or this test proves little.
        expect(expected.candidates.length).toBeGreaterThan(5);
        if (query === '') expect([expected.ties > 0, expected.short > 0]).toEqual([true, true]);
        const reply = await t.request({
          method: 'GET',
          url: `/api/v1/issues/${issue.id}/ranked_report/${query}`,
          token: admin.token,
        });
        expect(reply.statusCode).toBe(200);
        const body = reply.json<Reply>();
        expect(body.nb_ballots).toBe(expected.voters);
        // Fewer than RANKED_MATRIX_MAX items on ballots: the matrix shows them all.
        expect([...body.matrix_items].sort()).toEqual([...expected.candidates].sort());
        expect(body.preferences).toEqual(
          body.matrix_items.map((a) => body.matrix_items.map((b) => expected.prefers(a, b))),
        );
        const row = (id: number) => body.items.find((item) => item.dataset_id === id);
        expect(expected.items.map((item) => row(item.dataset_id))).toMatchObject(expected.items);
        const m = expected.candidates.length;
        const d = expected.candidates.flatMap((a) => expected.candidates.map((b) => expected.prefers(a, b)));
        const ranks = schulze(m, d).ranks;
        expect(expected.candidates.map((id) => row(id)?.schulze_rank)).toEqual([...ranks]);
        const winner = condorcetWinnerOf(m, (i, j) => d[i * m + j] ?? 0);
        expect(body.condorcet_winner).toBe(winner === null ? null : expected.candidates[winner]);
      });

  it('counts the same across pages of voters', async () => {
    for (const { issue } of selections) {
      const expected = await recount(t, issue);
      const counted = await countPreferences(t.db, issue, {}, expected.candidates, 5);
      expect([...counted]).toEqual(
        expected.candidates.flatMap((a) => expected.candidates.map((b) => expected.prefers(a, b))),
      );
    }
  });
});
