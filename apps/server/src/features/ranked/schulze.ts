/**
 * The Schulze method (strongest paths) over a pairwise-preference matrix: `d[i * m + j]` is how many ballots
 * put candidate i above candidate j. Pure, so that it is checked against published worked examples.
 */

export interface SchulzeResult {
  /** `strongest[i * m + j]`: the strength of the strongest path from i to j (0 when none). */
  strongest: Int32Array<ArrayBuffer>;
  /** Competition ranking (1, 2, 2, 4): 1 + how many candidates beat i by strongest paths. */
  ranks: Int32Array<ArrayBuffer>;
}

/** The index of the candidate who beats every other one head to head (d[i][j] > d[j][i]), or null. */
export function condorcetWinner(d: readonly (readonly number[])[]): number | null {
  const m = d.length;
  for (let i = 0; i < m; i++) {
    let beatsAll = true;
    for (let j = 0; j < m && beatsAll; j++)
      if (j !== i && !((d[i]?.[j] ?? 0) > (d[j]?.[i] ?? 0))) beatsAll = false;
    if (beatsAll) return i;
  }
  return null;
}

/**
 * Strongest paths by the Floyd–Warshall variant of Schulze (2011) over `d`, the m × m preference counts
 * flat by rows: a link i→j has the strength d[i][j] when d[i][j] > d[j][i] (winning votes), else none; a
 * path is as strong as its weakest link. O(m³), the inner loop over one contiguous row without branches
 * but the store: 500 candidates take about 0.2 s, 1,000 about 2 s (docs/performance.md), hence
 * `schulzeOffThread` for large m.
 */
export function schulze(m: number, d: ArrayLike<number>): SchulzeResult {
  const p = new Int32Array(m * m);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) {
      const forward = d[i * m + j] as number;
      if (forward > (d[j * m + i] as number)) p[i * m + j] = forward;
    }
  for (let i = 0; i < m; i++) {
    const im = i * m;
    for (let j = 0; j < m; j++) {
      const jm = j * m;
      const ji = p[jm + i] as number;
      if (ji === 0) continue;
      // k = i or k = j only ever writes the diagonal (a path is no stronger than its own links), which
      // no other cell reads as a better link: cleared below rather than tested m³ times.
      for (let k = 0; k < m; k++) {
        const ik = p[im + k] as number;
        const through = ik < ji ? ik : ji;
        if (through > (p[jm + k] as number)) p[jm + k] = through;
      }
    }
  }
  for (let i = 0; i < m; i++) p[i * m + i] = 0;
  // The relation "beats by strongest paths" is transitive (Schulze's theorem), so counting who beats a
  // candidate gives a consistent order with ties.
  const ranks = new Int32Array(m);
  for (let i = 0; i < m; i++) {
    let beaten = 0;
    for (let j = 0; j < m; j++) if ((p[j * m + i] as number) > (p[i * m + j] as number)) beaten++;
    ranks[i] = beaten + 1;
  }
  return { strongest: p, ranks };
}

/**
 * What Schulze leaves open, read from the strongest paths `p` of `m` candidates: for each, the last place it
 * could take (m − how many it beats; its rank is the first) and the candidates neither above nor below it
 * (tied or not comparable). A rank counts only who beats a candidate, so 3rd and 4th may stand unordered.
 */
export function schulzeOpenPairs(m: number, p: ArrayLike<number>) {
  const lastPlaces = new Int32Array(m);
  const unordered: number[][] = Array.from({ length: m }, () => []);
  for (let i = 0; i < m; i++) {
    let beats = 0;
    for (let j = 0; j < m; j++) {
      if (j === i) continue;
      const forward = p[i * m + j] as number;
      const backward = p[j * m + i] as number;
      if (forward > backward) beats++;
      else if (forward === backward) unordered[i]?.push(j);
    }
    lastPlaces[i] = m - beats;
  }
  return { lastPlaces, unordered };
}

/** The pairwise matrix of full or truncated ballots (each a list of candidate indexes, best first). */
export function preferencesOf(m: number, ballots: readonly { order: readonly number[]; count?: number }[]) {
  const d = Array.from({ length: m }, () => new Array<number>(m).fill(0));
  for (const { order, count = 1 } of ballots) {
    const listed = new Set(order);
    order.forEach((winner, place) => {
      const row = d[winner];
      if (!row) return;
      for (const loser of order.slice(place + 1)) row[loser] = (row[loser] ?? 0) + count;
      // Truncated ballot: a listed candidate is above every one left off.
      for (let loser = 0; loser < m; loser++) if (!listed.has(loser)) row[loser] = (row[loser] ?? 0) + count;
    });
  }
  return d;
}

/**
 * The index of the candidate (of `m`) that more ballots put above each other one than below it, or null,
 * with `of(i, j)` the ballots putting i above j: 3m lookups, where `condorcetWinner` reads the whole matrix.
 */
export function condorcetWinnerOf(m: number, of: (i: number, j: number) => number): number | null {
  if (m === 0) return null;
  // Only the last one standing in a knockout can beat every other; then it is checked against each.
  let standing = 0;
  for (let other = 1; other < m; other++) if (of(other, standing) >= of(standing, other)) standing = other;
  for (let other = 0; other < m; other++)
    if (other !== standing && !(of(standing, other) > of(other, standing))) return null;
  return standing;
}

/**
 * The candidates Schulze ranks when there are too many for its m³ (contract's SCHULZE_MAX): the first
 * `max` in the order given (the report's: by Borda), and the Condorcet winner wherever it stands, since
 * Schulze must elect it.
 */
export function schulzeCandidates<T>(ordered: readonly T[], winner: T | null, max: number): T[] {
  const chosen = ordered.slice(0, max);
  if (winner !== null && !chosen.includes(winner)) chosen.push(winner);
  return chosen;
}
