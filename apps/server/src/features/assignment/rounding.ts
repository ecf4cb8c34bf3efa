/**
 * Dependent rounding of a fractional bipartite assignment (Gandhi, Khuller, Parthasarathy and Srinivasan
 * 2006), as Jecmen et al. 2020 sample a randomised assignment: each pair keeps its probability exactly
 * (x = units / D), every item keeps its whole number of judges, and each judge's load ends at the floor or
 * the ceiling of its fractional load. Fractions are counted in integer units of 1/D, so nothing drifts.
 * Repeatedly: a cycle or a maximal path of fractional pairs, its pairs alternately raised and lowered by
 * the same amount, one way or the other with the probabilities that keep every expectation, until one
 * pair of it is whole (0 or D).
 */
export interface RoundingInput {
  n: number;
  m: number;
  /** n × m, in units of 1/D; changed in place to 0 or D. */
  units: Uint16Array;
  denominator: number;
  random: () => number;
}

export function dependentRounding({ n, m, units, denominator: D, random }: RoundingInput): void {
  // The fractional pairs, by node (items 0..n−1, judges n..n+m−1); a pair's id is its cell i·m + j.
  const incident: number[][] = Array.from({ length: n + m }, () => []);
  for (let i = 0; i < n; i++)
    for (let j = 0; j < m; j++) {
      const x = units[i * m + j] as number;
      if (x > 0 && x < D) {
        incident[i]?.push(i * m + j);
        incident[n + j]?.push(i * m + j);
      }
    }
  const fractional = (cell: number) => (units[cell] as number) > 0 && (units[cell] as number) < D;
  const other = (cell: number, node: number) => (node < n ? n + (cell % m) : Math.floor(cell / m));
  /** A fractional pair at `node` other than `except`, dropping whole pairs met on the way. */
  function nextPair(node: number, except: number): number {
    const list = incident[node] as number[];
    for (let k = list.length - 1; k >= 0; k--) {
      const cell = list[k] as number;
      if (!fractional(cell)) {
        list[k] = list[list.length - 1] as number;
        list.pop();
      } else if (cell !== except) return cell;
    }
    return -1;
  }
  /** Walks from `from` along fractional pairs: a cycle (from the first node met twice) or a dead end. */
  function walk(from: number): { cells: number[]; cycle: boolean } {
    const cells: number[] = [];
    const nodes: number[] = [from];
    const seen = new Map<number, number>([[from, 0]]);
    let node = from;
    let last = -1;
    for (;;) {
      const cell = nextPair(node, last);
      if (cell < 0) return { cells, cycle: false };
      node = other(cell, node);
      cells.push(cell);
      last = cell;
      const at = seen.get(node);
      if (at !== undefined) return { cells: cells.slice(at), cycle: true };
      seen.set(node, nodes.length);
      nodes.push(node);
    }
  }

  for (let start = 0; start < n + m; start++) {
    for (;;) {
      if (nextPair(start, -1) < 0) break;
      let path = walk(start);
      // A dead end: walk back from it, which gives a maximal path (or a cycle met on the way).
      if (!path.cycle) {
        const end = path.cells.length ? lastNode(path.cells, start) : start;
        path = walk(end);
      }
      shift(path.cells);
    }
  }

  function lastNode(cells: number[], from: number): number {
    let node = from;
    for (const cell of cells) node = other(cell, node);
    return node;
  }

  function shift(cells: number[]) {
    let up = Infinity; // how far odd pairs can rise (and even pairs fall)
    let down = Infinity; // how far odd pairs can fall (and even pairs rise)
    cells.forEach((cell, k) => {
      const x = units[cell] as number;
      if (k % 2 === 0) {
        up = Math.min(up, D - x);
        down = Math.min(down, x);
      } else {
        up = Math.min(up, x);
        down = Math.min(down, D - x);
      }
    });
    const raise = random() < down / (up + down);
    cells.forEach((cell, k) => {
      const sign = (k % 2 === 0) === raise ? 1 : -1;
      units[cell] = (units[cell] as number) + sign * (raise ? up : down);
    });
  }
}
