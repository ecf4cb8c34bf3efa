/** Rows grouped by an id, in their order; Map.groupBy would do, but Node 20 (package.json engines) lacks it. */
export function groupRows<T>(rows: T[], keyOf: (row: T) => number): Map<number, T[]> {
  const groups = new Map<number, T[]>();
  for (const row of rows) {
    const group = groups.get(keyOf(row));
    if (group) group.push(row);
    else groups.set(keyOf(row), [row]);
  }
  return groups;
}
