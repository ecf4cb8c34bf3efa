import { useEffect, useState } from 'react';

/** More rows than a screen shows under a page's header and toolbar. */
const FIRST_FRAME_ROWS = 12;

/**
 * The rows the ranking draws: until the frame after they first came has been painted, only the top
 * FIRST_FRAME_ROWS, then all of them. Drawing its page of 50 rows before the first paint put that paint
 * 0.2–0.3 s later (issue 28, docs/performance.md), for rows below the screen's edge.
 * `isCut` says the rows were cut, for the table to be told their total and page them all the same.
 */
export function useFirstFrameRows<T>(rows: readonly T[] | undefined): {
  rows: readonly T[] | undefined;
  isCut: boolean;
} {
  const [isFirst, setIsFirst] = useState(true);
  const hasRows = rows !== undefined;
  useEffect(() => {
    if (!hasRows || !isFirst) return;
    // A timeout set in an animation frame runs once that frame is painted.
    let timeout: ReturnType<typeof setTimeout> | undefined;
    const frame = requestAnimationFrame(() => {
      timeout = setTimeout(() => setIsFirst(false));
    });
    return () => {
      cancelAnimationFrame(frame);
      clearTimeout(timeout);
    };
  }, [hasRows, isFirst]);
  const isCut = isFirst && hasRows && rows.length > FIRST_FRAME_ROWS;
  return { rows: isCut ? rows.slice(0, FIRST_FRAME_ROWS) : rows, isCut };
}
