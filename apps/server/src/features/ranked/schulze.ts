/**
 * The Schulze method (strongest paths) over a pairwise-preference matrix: `d[i][j]` is how many ballots put
 * candidate i above candidate j. Pure, so that it is checked against published worked examples.
 */

export interface SchulzeResult {
  /** `strongest[i][j]`: the strength of the strongest path from i to j (0 when none). */
  strongest: number[][];
  /** Competition ranking (1, 2, 2, 4): 1 + how many candidates beat i by strongest paths. */
  ranks: number[];
  /** The candidate who beats every other head to head, or null. */
  condorcetWinner: number | null;
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
 * Strongest paths by the Floyd–Warshall variant of Schulze (2011): a link i→j has the strength d[i][j]
 * when d[i][j] > d[j][i] (winning votes), else none; a path is as strong as its weakest link. O(m³) in a
 * flat typed array: 500 candidates take about 0.2 s.
 */
export function schulze(d: readonly (readonly number[])[]): SchulzeResult {
  const m = d.length;
  const p = new Int32Array(m * m);
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) {
      const forward = d[i]?.[j] ?? 0;
      if (i !== j && forward > (d[j]?.[i] ?? 0)) p[i * m + j] = forward;
    }
  for (let i = 0; i < m; i++)
    for (let j = 0; j < m; j++) {
      const ji = p[j * m + i] ?? 0;
      if (j === i || ji === 0) continue;
      for (let k = 0; k < m; k++) {
        if (k === i || k === j) continue;
        const through = Math.min(ji, p[i * m + k] ?? 0);
        if (through > (p[j * m + k] ?? 0)) p[j * m + k] = through;
      }
    }
  const strongest = Array.from({ length: m }, (_, i) => Array.from(p.subarray(i * m, (i + 1) * m)));
  // The relation "beats by strongest paths" is transitive (Schulze's theorem), so counting who beats a
  // candidate gives a consistent order with ties.
  const ranks = strongest.map((_, i) => {
    let beaten = 0;
    for (let j = 0; j < m; j++) if ((p[j * m + i] ?? 0) > (p[i * m + j] ?? 0)) beaten++;
    return beaten + 1;
  });
  return { strongest, ranks, condorcetWinner: condorcetWinner(d) };
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
