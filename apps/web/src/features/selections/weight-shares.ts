/** Each criterion's weight as a percent of the total, to one decimal (spec §5). */
export function weightShares(weights: readonly number[]): string[] {
  const total = weights.reduce((sum, weight) => sum + weight, 0);
  return weights.map((weight) => `${total > 0 ? ((weight / total) * 100).toFixed(1) : '0.0'} %`);
}
