// Pairwise dispatch (`npm run bench:pairwise`), issue 31: 100 items of true quality q ~ N(0, 1), a judge
// prefers i to j with P = 1 / (1 + e^(q_j − q_i)), 20 judges of whom 20 % vote at random, 200 seeded runs. The
// same simulator scores each dispatcher with the server's own update and dispatch functions; reported: the
// share of the true top 10 % found in the top 10 % by μ, at a budget of comparisons per item.

import {
  ALPHA_PRIOR,
  applyVote,
  BETA_PRIOR,
  type JudgeBelief,
  MU_PRIOR,
  SIGMA_SQ_PRIOR,
} from '../apps/server/src/features/pairwise/crowd-bt.ts';
import {
  chooseInformationGain,
  chooseNearCutoff,
  chooseRandom,
  type DispatchInput,
  type DispatchItem,
  eligibleItems,
  pairKey,
} from '../apps/server/src/features/pairwise/dispatch.ts';
import { seededRandom } from '../apps/server/src/test/random.ts';
import { describeMachine } from './bench-app.ts';

const ITEMS = 100;
const JUDGES = 20;
const RANDOM_JUDGES = 4;
const TOP = 10;
const RUNS = Number(process.env.PAIRWISE_RUNS ?? 200);
const BUDGETS = (process.env.PAIRWISE_BUDGETS ?? '12,24').split(',').map(Number);

const dispatchers = {
  ours: chooseNearCutoff,
  infogain: chooseInformationGain,
  random: chooseRandom,
} as const;
type Name = keyof typeof dispatchers;

function gaussian(random: () => number) {
  const u = 1 - random();
  return Math.sqrt(-2 * Math.log(u)) * Math.cos(2 * Math.PI * random());
}

interface Judge {
  belief: JudgeBelief;
  honest: boolean;
  current: number | null;
  shown: Map<number, number>;
  pairs: Set<string>;
}

/**
 * One run. "Comparisons per item" is votes over items: a budget of b per item is b × items votes (each item
 * takes part in 2b on average); read so, Gavel's dispatch finds the issue's ~0.56 at 12 (docs/decisions.md).
 * Judges take turns in a seeded random order; the item on another judge's screen is busy, and a judge is
 * shown an item again only by the server's own rule (`eligibleItems`: at most twice, never beside the same
 * item twice). Nobody skips here.
 */
function simulate(choose: (input: DispatchInput) => number | null, seed: number, perItem: number): number {
  const world = seededRandom(seed);
  const quality = Array.from({ length: ITEMS }, () => gaussian(world));
  const voteRandom = seededRandom(seed * 7 + 1);
  const dispatchRandom = seededRandom(seed * 13 + 5);
  const items: DispatchItem[] = quality.map((_, id) => ({
    id,
    mu: MU_PRIOR,
    sigmaSq: SIGMA_SQ_PRIOR,
    comparisons: 0,
  }));
  const judges: Judge[] = Array.from({ length: JUDGES }, (_, j) => ({
    belief: { alpha: ALPHA_PRIOR, beta: BETA_PRIOR },
    honest: j >= RANDOM_JUDGES,
    current: null,
    shown: new Map(),
    pairs: new Set(),
  }));
  const votes = perItem * ITEMS;
  let done = 0;
  let stalled = 0;
  while (done < votes && stalled < 10_000) {
    const judge = judges[Math.floor(voteRandom() * JUDGES)] as Judge;
    const busy = new Set(judges.filter((other) => other !== judge).map((other) => other.current));
    const eligible = eligibleItems(
      items,
      (id) => !busy.has(id),
      { shown: judge.shown, skipped: new Set(), pairs: judge.pairs },
      judge.current,
    );
    const previous = judge.current === null ? null : (items[judge.current] as DispatchItem);
    const next = choose({
      items,
      eligible,
      previous,
      judge: judge.belief,
      cutoff: TOP,
      random: dispatchRandom,
    });
    if (next === null) {
      stalled++;
      continue;
    }
    judge.shown.set(next, (judge.shown.get(next) ?? 0) + 1);
    judge.current = next;
    if (previous === null) continue;
    judge.pairs.add(pairKey(previous.id, next));
    const shown = items[next] as DispatchItem;
    const prefersNext = judge.honest
      ? voteRandom() < 1 / (1 + Math.exp((quality[previous.id] as number) - (quality[next] as number)))
      : voteRandom() < 0.5;
    const [winner, loser] = prefersNext ? [shown, previous] : [previous, shown];
    const after = applyVote(judge.belief, winner, loser);
    judge.belief = after.judge;
    Object.assign(winner, after.winner, { comparisons: winner.comparisons + 1 });
    Object.assign(loser, after.loser, { comparisons: loser.comparisons + 1 });
    done++;
  }
  const byQuality = [...items]
    .sort((a, b) => (quality[b.id] as number) - (quality[a.id] as number))
    .slice(0, TOP);
  const byMu = new Set(
    [...items]
      .sort((a, b) => b.mu - a.mu)
      .slice(0, TOP)
      .map((item) => item.id),
  );
  return byQuality.filter((item) => byMu.has(item.id)).length / TOP;
}

function recall(name: Name, perItem: number): number {
  let total = 0;
  for (let run = 0; run < RUNS; run++) total += simulate(dispatchers[name], 1000 + run, perItem);
  return total / RUNS;
}

const started = performance.now();
console.log(describeMachine());
console.log(`${RUNS} runs, ${ITEMS} items, ${JUDGES} judges (${RANDOM_JUDGES} at random), top ${TOP}`);
const at12: Record<string, string> = {};
for (const perItem of BUDGETS) {
  const figures = Object.fromEntries(
    (Object.keys(dispatchers) as Name[]).map((name) => [name, recall(name, perItem).toFixed(3)]),
  );
  if (perItem === 12) Object.assign(at12, figures);
  console.log(
    `recall at ${perItem}/item: ${Object.entries(figures)
      .map(([n, v]) => `${n}=${v}`)
      .join(' ')}`,
  );
}
console.log(`${((performance.now() - started) / 1000).toFixed(1)} s`);
console.log(
  `pairwise top10 recall at 12/item: ours=${at12.ours} infogain=${at12.infogain} random=${at12.random}`,
);
