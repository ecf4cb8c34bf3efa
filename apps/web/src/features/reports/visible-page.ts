/**
 * The page of the report table on screen: the asked page, kept within the rows' pages (a filter can leave
 * fewer), and the ids of its rows in the table's order, whose box plots the table asks for.
 */
export function visiblePage(
  rows: readonly { dataset_id: number }[],
  page: number,
  pageSize: number,
): { current: number; ids: number[] } {
  const current = Math.min(Math.max(1, page), Math.max(1, Math.ceil(rows.length / pageSize)));
  const ids = rows.slice((current - 1) * pageSize, current * pageSize).map((row) => row.dataset_id);
  return { current, ids };
}
