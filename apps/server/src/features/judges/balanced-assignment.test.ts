import { describe, expect, it } from 'vitest';
import { seededRandom as random } from '../../test/random.ts';
import { assignJudges } from './balanced-assignment.ts';

const range = (n: number, from = 1) => Array.from({ length: n }, (_, i) => from + i);

function check(input: Parameters<typeof assignJudges>[0]) {
  const result = assignJudges(input);
  const pairs = [...input.existing, ...result.added];
  const judgesOf = new Map<number, Set<number>>();
  for (const { itemId, judgeId } of pairs) {
    const judges = judgesOf.get(itemId) ?? new Set<number>();
    expect(judges.has(judgeId)).toBe(false); // never the same judge twice on an item
    judges.add(judgeId);
    judgesOf.set(itemId, judges);
  }
  for (const itemId of input.itemIds) {
    const n = judgesOf.get(itemId)?.size ?? 0;
    // Enough judges, or reported as short with exactly what it has.
    if (n < input.perItem) expect(result.shortItems.get(itemId)).toBe(n);
    else expect(result.shortItems.has(itemId)).toBe(false);
  }
  const existingLoad = new Map<number, number>();
  for (const { judgeId } of input.existing) existingLoad.set(judgeId, (existingLoad.get(judgeId) ?? 0) + 1);
  for (const [judge, load] of result.loads) {
    // Never above M, unless the judge already had more.
    expect(load).toBeLessThanOrEqual(Math.max(input.maxPerJudge, existingLoad.get(judge) ?? 0));
  }
  return result;
}

describe('balanced assignment', () => {
  it('gives every item N judges, loads within one, when judges can take it all', () => {
    const next = random(7);
    for (let run = 0; run < 200; run += 1) {
      const items = range(1 + Math.floor(next() * 80));
      const judges = range(1 + Math.floor(next() * 20), 1000);
      const perItem = 1 + Math.floor(next() * judges.length);
      const maxPerJudge = Math.ceil((items.length * perItem) / judges.length) + Math.floor(next() * 3);
      const result = check({ itemIds: items, judgeIds: judges, existing: [], perItem, maxPerJudge });
      expect(result.shortItems.size).toBe(0);
      const loads = [...result.loads.values()];
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    }
  });

  it('keeps existing pairs and tops up items added later, still balanced', () => {
    const next = random(11);
    for (let run = 0; run < 100; run += 1) {
      const judges = range(2 + Math.floor(next() * 10), 500);
      const first = range(1 + Math.floor(next() * 40));
      const perItem = 1 + Math.floor(next() * Math.min(3, judges.length));
      const before = check({ itemIds: first, judgeIds: judges, existing: [], perItem, maxPerJudge: 10_000 });
      const later = range(1 + Math.floor(next() * 40), 1000);
      const after = check({
        itemIds: [...first, ...later],
        judgeIds: judges,
        existing: before.added,
        perItem,
        maxPerJudge: 10_000,
      });
      // The first items had their judges: nothing new for them.
      expect(after.added.every((pair) => pair.itemId >= 1000)).toBe(true);
      const loads = [...after.loads.values()];
      expect(Math.max(...loads) - Math.min(...loads)).toBeLessThanOrEqual(1);
    }
  });

  it('never assigns a conflicted pair, and does not count an existing one', () => {
    const next = random(13);
    for (let run = 0; run < 150; run += 1) {
      const items = range(1 + Math.floor(next() * 60));
      const judges = range(2 + Math.floor(next() * 12), 700);
      const conflicts = items.flatMap((itemId) =>
        judges.filter(() => next() < 0.2).map((judgeId) => ({ itemId, judgeId })),
      );
      const existing = next() < 0.5 ? conflicts.slice(0, 3) : [];
      const perItem = 1 + Math.floor(next() * Math.min(3, judges.length));
      const result = assignJudges({
        itemIds: items,
        judgeIds: judges,
        existing,
        conflicts,
        perItem,
        maxPerJudge: 1 + Math.floor(next() * 40),
      });
      const barred = new Set(conflicts.map(({ itemId, judgeId }) => `${itemId}:${judgeId}`));
      for (const pair of result.added) expect(barred.has(`${pair.itemId}:${pair.judgeId}`)).toBe(false);
      for (const n of result.shortItems.values()) expect(n).toBeLessThan(perItem);
      // Existing conflicted pairs count for nothing: the loads are the new pairs only.
      const counted = [...result.loads.values()].reduce((sum, load) => sum + load, 0);
      expect(counted).toBe(result.added.length);
    }
  });

  it('reports what cannot be satisfied, and gives the same answer twice', () => {
    const input = { itemIds: range(10), judgeIds: [1, 2, 3], existing: [], perItem: 3, maxPerJudge: 8 };
    const result = check(input);
    // 30 pairs wanted, 24 possible: 6 items keep 2 judges.
    expect(result.added).toHaveLength(24);
    expect([...result.shortItems.values()]).toEqual([2, 2, 2, 2, 2, 2]);
    expect([...result.loads.values()]).toEqual([8, 8, 8]);
    expect(assignJudges(input)).toEqual(result);
  });
});
