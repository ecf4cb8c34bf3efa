import { seededUniform } from '../top-k/bootstrap.ts';
/**
 * Krippendorff's α ("Computing Krippendorff's Alpha-Reliability", 2011) from per-unit sums: the database
 * sends one row per item (its pairable values summed), never the values themselves.
 *
 * α = 1 − D_o / D_e, with D_o = (1/n) Σ_u Σ_{i≠j in u} δ²(v_i, v_j) / (m_u − 1) and
 * D_e = Σ_{i≠j over all n pairable values} δ²(v_i, v_j) / (n (n − 1)); hence
 * α = 1 − (n − 1) Σ_u observed_u / expected, where each unit adds its own `observed_u` and its totals.
 */

/** One unit (item) with at least two values: how many, its disagreement within, and its totals. */
export interface AlphaUnit {
  m: number;
  /** Σ_{i≠j} δ²(v_i, v_j) / (m − 1) over the ordered pairs of the unit's values. */
  observed: number;
  /** Interval: [Σv, Σv²]; nominal: the count of each category (same order in every unit). */
  totals: number[];
}

export type AlphaMetric = 'interval' | 'nominal';

/** Σ over ordered pairs of all n values of δ², from the summed totals. */
const expectedOf: Record<AlphaMetric, (n: number, totals: number[]) => number> = {
  interval: (n, [s1 = 0, s2 = 0]) => 2 * (n * s2 - s1 * s1),
  nominal: (n, counts) => n * n - counts.reduce((sum, count) => sum + count * count, 0),
};

/** An interval unit from its number of values and their sum and sum of squares. */
export function intervalUnit(m: number, s1: number, s2: number): AlphaUnit {
  return { m, observed: (2 * Math.max(m * s2 - s1 * s1, 0)) / (m - 1), totals: [s1, s2] };
}

/** A nominal unit from the count of each category among its values. */
export function nominalUnit(counts: number[]): AlphaUnit {
  const m = counts.reduce((sum, count) => sum + count, 0);
  const same = counts.reduce((sum, count) => sum + count * count, 0);
  return { m, observed: (m * m - same) / (m - 1), totals: counts };
}

/** α of the units (those with fewer than 2 values are not pairable and left out); null: nothing varies. */
export function alphaOf(units: readonly AlphaUnit[], metric: AlphaMetric): number | null {
  let n = 0;
  let observed = 0;
  const totals: number[] = [];
  for (const unit of units) {
    if (unit.m < 2) continue;
    n += unit.m;
    observed += unit.observed;
    unit.totals.forEach((value, index) => {
      totals[index] = (totals[index] ?? 0) + value;
    });
  }
  if (n < 2) return null;
  const expected = expectedOf[metric](n, totals);
  // Relative tolerance: Σv² − (Σv)²/n of equal values is rounding noise, not spread.
  if (expected <= 1e-9 * Math.max(1, n * n)) return null;
  return 1 - ((n - 1) * observed) / expected;
}

/**
 * Reliability data as Krippendorff writes it — one row per coder, one column per unit, null where the
 * coder gave no value — as units of the metric (nominal categories are the distinct values).
 */
export function unitsOfMatrix(rows: (number | null)[][], metric: AlphaMetric): AlphaUnit[] {
  const columns = Math.max(0, ...rows.map((row) => row.length));
  const values = (column: number) =>
    rows.map((row) => row[column]).filter((value): value is number => value != null);
  const categories = [...new Set(rows.flat().filter((value): value is number => value != null))];
  return Array.from({ length: columns }, (_, column) => values(column))
    .filter((unit) => unit.length >= 2)
    .map((unit) =>
      metric === 'interval'
        ? intervalUnit(
            unit.length,
            unit.reduce((sum, value) => sum + value, 0),
            unit.reduce((sum, value) => sum + value * value, 0),
          )
        : nominalUnit(categories.map((category) => unit.filter((value) => value === category).length)),
    );
}

/**
 * The bootstrap 95 % interval of α over units (decision: the items are resampled with replacement, each
 * draw keeping all of a resampled item's values): the 2.5th and 97.5th percentiles of the draws' α. Null
 * when fewer than 2 units are pairable or fewer than half the draws give an α.
 */
export function alphaInterval(
  units: readonly AlphaUnit[],
  metric: AlphaMetric,
  { draws, seed }: { draws: number; seed: number },
): { low: number; high: number } | null {
  const pairable = units.filter((unit) => unit.m >= 2);
  if (pairable.length < 2) return null;
  const random = seededUniform(seed);
  const alphas: number[] = [];
  const sample: AlphaUnit[] = new Array(pairable.length);
  for (let draw = 0; draw < draws; draw += 1) {
    for (let index = 0; index < pairable.length; index += 1) {
      sample[index] = pairable[Math.floor(random() * pairable.length)] as AlphaUnit;
    }
    const alpha = alphaOf(sample, metric);
    if (alpha !== null) alphas.push(alpha);
  }
  if (alphas.length < draws / 2) return null;
  alphas.sort((a, b) => a - b);
  const at = (p: number) => alphas[Math.min(alphas.length - 1, Math.floor(p * alphas.length))] as number;
  return { low: at(0.025), high: at(0.975) };
}
