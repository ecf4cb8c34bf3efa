import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import { datasets } from '../../db/schema/index.ts';
import type { TestApp } from '../../test/harness.ts';
import { judgingFactories } from '../judging/test-factories.ts';

export const api = (issueId: number, rest: string) => `/api/v1/issues/${issueId}/${rest}`;

/** Four proposals and the fields they belong to; three judges who each know one or two fields. */
const PROPOSALS = [
  [
    'Genome atlas',
    'Sequencing the genomes of soil bacteria with long-read sequencing and genomics pipelines.',
  ],
  ['Merger review', 'Competition law and antitrust review of mergers between telecom operators.'],
  ['Protein folding', 'Genomics and protein structure prediction from sequencing data.'],
  ['Cartel fines', 'How antitrust authorities set cartel fines under competition law.'],
] as const;
export const EXPERTISE = [
  'Genomics, DNA sequencing, bioinformatics',
  'Competition law, antitrust, mergers',
  'Protein structure and genomics',
];

/** A programme of four proposals with their texts and three judges who stated their expertise. */
export function assignmentFactories(t: TestApp) {
  const f = judgingFactories(t);
  async function programme() {
    const admin = await t.createAdmin();
    const issue = await f.createIssue(admin.team.id, 'RatingIssue');
    const items = await f.addItems(
      issue.id,
      admin.team.id,
      PROPOSALS.map(([title]) => title),
    );
    for (const [k, item] of items.entries())
      await t.db
        .update(datasets)
        .set({ description: PROPOSALS[k]?.[1] ?? '' })
        .where(eq(datasets.id, item.id));
    const judges = [];
    for (const text of EXPERTISE) {
      const judge = await f.addJudge(issue.id);
      const put = await t.request({
        method: 'PUT',
        url: api(issue.id, `expertise/?token=${judge.token}`),
        payload: { text },
      });
      expect(put.statusCode, put.body).toBe(200);
      judges.push(judge);
    }
    return { admin, issue, items, judges };
  }

  const assign = (issueId: number, token: string, payload: Record<string, unknown>) =>
    t.request({ method: 'POST', url: api(issueId, 'assign_access/'), token, payload });
  const allPairs = async (issueId: number, token: string) =>
    (await t.request({ method: 'GET', url: api(issueId, 'assignment/?limit=100'), token })).json()
      .results as {
      user: number;
      dataset: number;
      affinity: number;
      bid: string | null;
      matched_on: string[];
    }[];
  const allAffinities = async (issueId: number, token: string) => {
    const reply = await t.request({ method: 'GET', url: api(issueId, 'affinities/?limit=100'), token });
    expect(reply.statusCode, reply.body).toBe(200);
    const scores = new Map<string, number>();
    for (const row of reply.json().results as { user: number; dataset: number; score: number }[])
      scores.set(`${row.user}:${row.dataset}`, row.score);
    return scores;
  };

  return { ...f, programme, assign, allPairs, allAffinities };
}

/** The best total by trying every assignment (k judges per item, at most M items per judge). */
export function bruteForceOptimum(
  items: number[],
  users: number[],
  k: number,
  max: number,
  value: (user: number, item: number) => number | null,
): number {
  const subsets = (list: number[], size: number): number[][] =>
    size === 0
      ? [[]]
      : list.flatMap((x, i) => subsets(list.slice(i + 1), size - 1).map((rest) => [x, ...rest]));
  const choices = subsets(users, k);
  let best = -Infinity;
  const load = new Map(users.map((user) => [user, 0]));
  function walk(index: number, total: number) {
    if (index === items.length) {
      best = Math.max(best, total);
      return;
    }
    const item = items[index] as number;
    for (const choice of choices) {
      const values = choice.map((user) => value(user, item));
      if (values.some((v) => v === null) || choice.some((user) => (load.get(user) ?? 0) >= max)) continue;
      for (const user of choice) load.set(user, (load.get(user) ?? 0) + 1);
      walk(index + 1, total + values.reduce<number>((a, b) => a + (b ?? 0), 0));
      for (const user of choice) load.set(user, (load.get(user) ?? 0) - 1);
    }
  }
  walk(0, 0);
  return best;
}
