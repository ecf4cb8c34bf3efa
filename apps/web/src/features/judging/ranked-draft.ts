import { type AnswerView, ballotLength, ballotOrder, pointsOfPlace } from '@shortlist/contract';
import { type Draft, draftKey } from './answer-draft';

/**
 * A ranked ballot in the judge's draft: each ranked item's value is its points (n + 1 − place, contract
 * `ranked.ts`), under the item's key, as the server stores it. These read and write it as a list.
 */

/** The ranked items, best first. */
export function rankedOrder(draft: Draft): number[] {
  return ballotOrder(
    Object.entries(draft.values)
      .filter(([key, value]) => key.endsWith(':0') && value > 0)
      .map(([key, value]) => ({ dataset: Number(key.split(':')[0]), value })),
  );
}

/** The draft with this ballot, places from the first without a gap; comments kept. */
export function withRanking(draft: Draft, nbRanked: number, order: readonly number[]): Draft {
  const values: Draft['values'] = {};
  order.forEach((dataset, index) => {
    values[draftKey(dataset, null)] = pointsOfPlace(nbRanked, index + 1);
  });
  return { ...draft, values };
}

/** How many items the judge must rank: n, or every item they may rank when fewer (conflicts left out). */
export function ballotSize(view: AnswerView): number {
  const conflicts = new Set(view.conflicts);
  return ballotLength(view.issue.nb_ranked ?? 0, view.items.filter((item) => !conflicts.has(item.id)).length);
}

/** The ballot moved: `dataset` to `index` (clamped), the others keeping their order. */
export function moveInRanking(order: readonly number[], dataset: number, index: number): number[] {
  const rest = order.filter((id) => id !== dataset);
  const at = Math.max(0, Math.min(rest.length, index));
  return [...rest.slice(0, at), dataset, ...rest.slice(at)];
}
