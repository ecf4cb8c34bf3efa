import { useEffect, useRef } from 'react';

/**
 * Keeps the keyboard's place across a pairwise vote: the button pressed is disabled while the vote is
 * sent, or replaced by the next screen's, and the browser drops the focus to the page's start. Once the
 * vote is in, the focus returns to the same choice (`data-choice`), else to the first one left, else to
 * Finish. Only when the focus was in the section: a vote by a key from elsewhere moves nothing.
 */
export function useChoiceFocus(isPending: boolean) {
  const section = useRef<HTMLElement>(null);
  const kept = useRef<string | null>(null);
  useEffect(() => {
    const choice = kept.current;
    if (choice === null || isPending) return;
    kept.current = null;
    const root = section.current;
    const focused = document.activeElement;
    if (!root || (focused && focused !== document.body && root.contains(focused))) return;
    const target =
      root.querySelector<HTMLButtonElement>(`[data-choice="${choice}"]:not(:disabled)`) ??
      root.querySelector<HTMLButtonElement>('[data-choice]:not(:disabled), [data-testid="pair-finish"]');
    target?.focus();
  });
  const keep = (choice: string) => {
    kept.current = section.current?.contains(document.activeElement) ? choice : null;
  };
  return { section, keep };
}
