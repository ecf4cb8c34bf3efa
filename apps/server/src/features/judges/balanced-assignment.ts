/**
 * Who judges what, computed in memory: each item needs `perItem` judges, no judge takes more than
 * `maxPerJudge`. Each new pair goes to the least-loaded judge not already on the item (ties to the lower
 * id), item after item in rounds; then two repairs that a greedy pass needs: an item left short takes a
 * judge from another item that a judge with room can join instead, and a new pair moves from the most
 * to the least loaded judge until loads are within one. Pairs that exist are kept and counted. A pair in
 * `conflicts` (a declared conflict of interest) is never made, and an existing one is not counted. The
 * same input always gives the same pairs.
 */
export interface AssignmentInput {
  itemIds: number[];
  judgeIds: number[];
  existing: { itemId: number; judgeId: number }[];
  /** Conflicts of interest: these pairs are never assigned. */
  conflicts?: { itemId: number; judgeId: number }[];
  perItem: number;
  maxPerJudge: number;
}

export interface Assignment {
  added: { itemId: number; judgeId: number }[];
  loads: Map<number, number>;
  /** Items still short of judges: how many judges each has. */
  shortItems: Map<number, number>;
}

/** A binary heap of judges by (load, id): the next judge to give an item to is on top. */
class JudgeHeap {
  private readonly heap: number[] = [];
  constructor(private readonly load: Map<number, number>) {}

  private less(a: number, b: number) {
    const la = this.load.get(a) ?? 0;
    const lb = this.load.get(b) ?? 0;
    return la < lb || (la === lb && a < b);
  }

  get size() {
    return this.heap.length;
  }

  push(judge: number) {
    const heap = this.heap;
    heap.push(judge);
    let i = heap.length - 1;
    while (i > 0) {
      const parent = (i - 1) >> 1;
      if (!this.less(heap[i] as number, heap[parent] as number)) break;
      [heap[i], heap[parent]] = [heap[parent] as number, heap[i] as number];
      i = parent;
    }
  }

  pop(): number | undefined {
    const heap = this.heap;
    const top = heap[0];
    const last = heap.pop();
    if (heap.length > 0 && last !== undefined) {
      heap[0] = last;
      let i = 0;
      for (;;) {
        const left = 2 * i + 1;
        const right = left + 1;
        let smallest = i;
        if (left < heap.length && this.less(heap[left] as number, heap[smallest] as number)) smallest = left;
        if (right < heap.length && this.less(heap[right] as number, heap[smallest] as number))
          smallest = right;
        if (smallest === i) break;
        [heap[i], heap[smallest]] = [heap[smallest] as number, heap[i] as number];
        i = smallest;
      }
    }
    return top;
  }
}

export function assignJudges({
  itemIds,
  judgeIds,
  existing,
  conflicts = [],
  perItem,
  maxPerJudge,
}: AssignmentInput): Assignment {
  const judgesOf = new Map<number, Set<number>>(itemIds.map((id) => [id, new Set<number>()]));
  const loads = new Map<number, number>(judgeIds.map((id) => [id, 0]));
  const barred = new Map<number, Set<number>>();
  for (const { itemId, judgeId } of conflicts)
    barred.set(itemId, (barred.get(itemId) ?? new Set()).add(judgeId));
  const isBarred = (itemId: number, judgeId: number) => barred.get(itemId)?.has(judgeId) ?? false;
  for (const { itemId, judgeId } of existing) {
    const judges = judgesOf.get(itemId);
    if (!judges || !loads.has(judgeId) || judges.has(judgeId) || isBarred(itemId, judgeId)) continue;
    judges.add(judgeId);
    loads.set(judgeId, (loads.get(judgeId) ?? 0) + 1);
  }
  const heap = new JudgeHeap(loads);
  for (const judge of [...judgeIds].sort((a, b) => a - b)) {
    if ((loads.get(judge) ?? 0) < maxPerJudge) heap.push(judge);
  }

  const added: Assignment['added'] = [];
  const items = [...itemIds].sort((a, b) => a - b);
  // Round r gives each item its r-th judge: a judge's load grows evenly across the items.
  for (let round = 0; round < perItem && heap.size > 0; round += 1) {
    for (const itemId of items) {
      const judges = judgesOf.get(itemId) ?? new Set<number>();
      if (judges.size > round) continue;
      const skipped: number[] = [];
      let chosen: number | undefined;
      while (heap.size > 0) {
        const judge = heap.pop() as number;
        if (judges.has(judge) || isBarred(itemId, judge)) skipped.push(judge);
        else {
          chosen = judge;
          break;
        }
      }
      if (chosen !== undefined) {
        judges.add(chosen);
        const load = (loads.get(chosen) ?? 0) + 1;
        loads.set(chosen, load);
        added.push({ itemId, judgeId: chosen });
        if (load < maxPerJudge) heap.push(chosen);
      }
      for (const judge of skipped) heap.push(judge);
    }
  }
  fillShortItems({ perItem, maxPerJudge, judgesOf, loads, added, isBarred });
  balanceLoads({ maxPerJudge, judgesOf, loads, added, isBarred });
  const shortItems = new Map<number, number>();
  for (const [itemId, judges] of judgesOf) if (judges.size < perItem) shortItems.set(itemId, judges.size);
  return { added, loads, shortItems };
}

interface State {
  maxPerJudge: number;
  judgesOf: Map<number, Set<number>>;
  loads: Map<number, number>;
  added: Assignment['added'];
  isBarred: (itemId: number, judgeId: number) => boolean;
}

/** Gives item `to` the judge of the new pair at `index` in place of item `from`'s. */
function movePair({ judgesOf, added }: State, index: number, judge: number) {
  const pair = added[index];
  if (!pair) return;
  judgesOf.get(pair.itemId)?.delete(pair.judgeId);
  judgesOf.get(pair.itemId)?.add(judge);
  added[index] = { itemId: pair.itemId, judgeId: judge };
}

/**
 * An item is short when every judge with room is already on it. Judge `a` with room takes item `k`'s
 * new pair from judge `b`, who moves to the short item: `a` gains one, `b` keeps the same load.
 */
function fillShortItems(state: State & { perItem: number }) {
  const { perItem, maxPerJudge, judgesOf, loads, added, isBarred } = state;
  for (const [itemId, judges] of judgesOf) {
    while (judges.size < perItem) {
      const roomy = [...loads].filter(([, load]) => load < maxPerJudge).map(([judge]) => judge);
      let repaired = false;
      for (const a of roomy) {
        const index = added.findIndex(
          (pair) =>
            !judges.has(pair.judgeId) &&
            !isBarred(itemId, pair.judgeId) &&
            !(judgesOf.get(pair.itemId)?.has(a) ?? true) &&
            !isBarred(pair.itemId, a),
        );
        const pair = added[index];
        if (!pair) continue;
        const b = pair.judgeId;
        movePair(state, index, a);
        judges.add(b);
        added.push({ itemId, judgeId: b });
        loads.set(a, (loads.get(a) ?? 0) + 1);
        repaired = true;
        break;
      }
      if (!repaired) break;
    }
  }
}

/** Moves new pairs from the most to the least loaded judge while they differ by more than one. */
function balanceLoads(state: State) {
  const { maxPerJudge, judgesOf, loads, added, isBarred } = state;
  for (;;) {
    const order = [...loads].sort(([ja, la], [jb, lb]) => la - lb || ja - jb);
    const [low, lowLoad] = order[0] ?? [0, 0];
    const [high, highLoad] = order.at(-1) ?? [0, 0];
    if (highLoad - lowLoad <= 1 || lowLoad >= maxPerJudge) return;
    const index = added.findIndex(
      (pair) =>
        pair.judgeId === high &&
        !(judgesOf.get(pair.itemId)?.has(low) ?? true) &&
        !isBarred(pair.itemId, low),
    );
    if (index < 0) return;
    movePair(state, index, low);
    loads.set(high, highLoad - 1);
    loads.set(low, lowLoad + 1);
  }
}
