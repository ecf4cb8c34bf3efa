/** A page number to show, or a gap for those left out. */
export type PageEntry = number | 'gap';

/** Every page up to this many; beyond, the first, the last and the current one's neighbours. */
const ALL_PAGES_UP_TO = 7;

/** The page buttons of a long list: 1 … 4 5 6 … 40, so that 40 pages fit on a phone's line or two. */
export function pageList(current: number, count: number): PageEntry[] {
  if (count <= ALL_PAGES_UP_TO) return Array.from({ length: count }, (_, i) => i + 1);
  let from = Math.max(2, Math.min(current - 1, count - 4));
  let to = Math.min(count - 1, Math.max(current + 1, 5));
  // A gap would hide a single page: that page takes no more room than the gap.
  if (from === 3) from = 2;
  if (to === count - 2) to = count - 1;
  const middle = Array.from({ length: to - from + 1 }, (_, i) => from + i);
  return [
    1,
    ...(from > 2 ? ['gap' as const] : []),
    ...middle,
    ...(to < count - 1 ? ['gap' as const] : []),
    count,
  ];
}
