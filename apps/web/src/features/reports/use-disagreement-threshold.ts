import { useState } from 'react';

const keyOf = (issueId: number) => `shortlist.disagreement-threshold.${issueId}`;

/** The σ above which an item is flagged, per selection, kept in this browser across visits. */
export function useDisagreementThreshold(issueId: number) {
  const [threshold, setThreshold] = useState<number | null>(() => {
    const stored = Number.parseFloat(localStorage.getItem(keyOf(issueId)) ?? '');
    return Number.isFinite(stored) ? stored : null;
  });
  const update = (next: number | null) => {
    setThreshold(next);
    if (next === null) localStorage.removeItem(keyOf(issueId));
    else localStorage.setItem(keyOf(issueId), String(next));
  };
  return [threshold, update] as const;
}
