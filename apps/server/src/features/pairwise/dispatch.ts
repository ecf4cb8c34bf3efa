/**
 * Which item a judge sees next (beside the one they just saw). Pure: the server passes the selection's beliefs
 * and the items this judge may be shown now (access, conflicts, not busy with another judge, not yet seen by
 * this judge); `npm run bench:pairwise` passes its simulation. Three strategies share the same input so that
 * the bench scores them on equal terms; the server uses `chooseNearCutoff` (docs/judging.md).
 */
import { expectedInformationGain, type ItemBelief, type JudgeBelief } from './crowd-bt.ts';

export interface DispatchItem extends ItemBelief {
  id: number;
  /** Votes this item took part in, over all judges. */
  comparisons: number;
}

export interface DispatchInput {
  /** Every item of the selection, for where the cut-off lies. */
  items: readonly DispatchItem[];
  /** Ids this judge may be shown now. */
  eligible: ReadonlySet<number>;
  /** The item on the judge's screen, compared with the next one; null before their first vote. */
  previous: DispatchItem | null;
  judge: JudgeBelief;
  /** The top k the admin shortlists. */
  cutoff: number;
  random: () => number;
}

/** Gavel serves items seen fewer than this many times first. */
export const GAVEL_MIN_VIEWS = 2;
/**
 * Shortlist compares every item this many times before the cut-off decides where comparisons go: fewer
 * leaves early estimates too rough to judge the side on (tuned by `npm run bench:pairwise`, docs/performance.md).
 */
export const MIN_COMPARISONS = 4;
/**
 * A judge may be shown an item this many times, never beside the same item twice: a second look at an item
 * already compared `MIN_COMPARISONS` times gives the contested items more judgements than the judges'
 * number allows once each (docs/decisions.md, docs/performance.md).
 */
export const MAX_SHOWINGS = 2;

/** What a judge has been shown and has voted on, for who may be shown next. */
export interface JudgeHistory {
  /** Times each item was put on this judge's screen. */
  shown: ReadonlyMap<number, number>;
  /** Items this judge skipped: never shown to them again. */
  skipped: ReadonlySet<number>;
  /** The pairs this judge voted on, as `pairKey(a, b)`. */
  pairs: ReadonlySet<string>;
}

export const pairKey = (a: number, b: number) => (a < b ? `${a}:${b}` : `${b}:${a}`);

/**
 * The items a judge may be shown now beside `previous` (the server's and the bench's one rule): of their
 * items (access, conflicts), not busy on another screen, not on their own; an item never shown to them, or
 * shown fewer than `MAX_SHOWINGS` times, not skipped, compared at least `MIN_COMPARISONS` times overall and
 * never voted on beside `previous` by this judge.
 */
export function eligibleItems(
  items: readonly DispatchItem[],
  allowed: (id: number) => boolean,
  history: JudgeHistory,
  previousId: number | null,
): Set<number> {
  const eligible = new Set<number>();
  for (const { id, comparisons } of items) {
    if (id === previousId || !allowed(id)) continue;
    const shown = history.shown.get(id) ?? 0;
    if (
      shown === 0 ||
      (shown < MAX_SHOWINGS &&
        !history.skipped.has(id) &&
        comparisons >= MIN_COMPARISONS &&
        previousId !== null &&
        !history.pairs.has(pairKey(previousId, id)))
    )
      eligible.add(id);
  }
  return eligible;
}

/** Gavel's chance of a uniformly random next item. */
export const INFOGAIN_EPSILON = 0.25;

const candidates = (input: DispatchInput) => input.items.filter((item) => input.eligible.has(item.id));

/** The candidates compared fewer than `minimum` times while there are some, else all of them. */
function leastCompared(items: DispatchItem[], minimum: number): DispatchItem[] {
  const fresh = items.filter((item) => item.comparisons < minimum);
  return fresh.length > 0 ? fresh : items;
}

function pickRandom<T>(items: readonly T[], random: () => number): T | null {
  if (items.length === 0) return null;
  return items[Math.min(items.length - 1, Math.floor(random() * items.length))] as T;
}

/** The best by score; ties (many at the start, when every belief is the prior) broken at random. */
function pickBest<T>(items: readonly T[], score: (item: T) => number, random: () => number): T | null {
  let best: T[] = [];
  let bestScore = Number.NEGATIVE_INFINITY;
  for (const item of items) {
    const value = score(item);
    if (value > bestScore + 1e-12) {
      best = [item];
      bestScore = value;
    } else if (Math.abs(value - bestScore) <= 1e-12) best.push(item);
  }
  return pickRandom(best, random);
}

/** A uniformly random candidate: the baseline. */
export function chooseRandom(input: DispatchInput): number | null {
  return pickRandom(candidates(input), input.random)?.id ?? null;
}

/** Gavel: least compared first, then with chance ε at random, else the largest expected information gain. */
export function chooseInformationGain(input: DispatchInput): number | null {
  const pool = leastCompared(candidates(input), GAVEL_MIN_VIEWS);
  const { previous, judge, random } = input;
  if (previous === null || random() < INFOGAIN_EPSILON) return pickRandom(pool, random)?.id ?? null;
  return pickBest(pool, (item) => expectedInformationGain(judge, previous, item), random)?.id ?? null;
}

/** The score halfway between the k-th and the (k + 1)-th item by μ: above it an item is shortlisted. */
export function cutoffScore(items: readonly ItemBelief[], cutoff: number): number {
  const mus = items.map((item) => item.mu).sort((a, b) => b - a);
  if (mus.length === 0) return 0;
  const k = Math.min(Math.max(cutoff, 1), mus.length);
  const above = mus[k - 1] as number;
  const below = mus[k] ?? above;
  return (above + below) / 2;
}

const normalTail = (z: number) => 0.5 * erfc(z / Math.SQRT2);

/** erfc by Numerical Recipes' Chebyshev fit (relative error < 1.2e-7). */
function erfc(x: number): number {
  const z = Math.abs(x);
  const t = 1 / (1 + 0.5 * z);
  const r =
    t *
    Math.exp(
      -z * z -
        1.26551223 +
        t *
          (1.00002368 +
            t *
              (0.37409196 +
                t *
                  (0.09678418 +
                    t *
                      (-0.18628806 +
                        t *
                          (0.27886807 +
                            t * (-1.13520398 + t * (1.48851587 + t * (-0.82215223 + t * 0.17087277)))))))),
    );
  return x >= 0 ? r : 2 - r;
}

/** The chance, under the item's belief, that it lies on the other side of the cut-off from where μ puts it. */
export function sideUncertainty(item: ItemBelief, cutoff: number): number {
  return normalTail(Math.abs(item.mu - cutoff) / Math.sqrt(item.sigmaSq));
}

/**
 * Shortlist's dispatch: comparisons go where an item's side of the cut-off is still in doubt. Least compared
 * first (every item needs a first estimate), then the candidate most likely to be on the wrong side of the
 * k-th score.
 */
export function chooseNearCutoff(input: DispatchInput): number | null {
  const pool = leastCompared(candidates(input), MIN_COMPARISONS);
  const boundary = cutoffScore(input.items, input.cutoff);
  return pickBest(pool, (item) => sideUncertainty(item, boundary), input.random)?.id ?? null;
}
