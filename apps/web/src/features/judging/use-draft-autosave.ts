import type { AnswerView } from '@shortlist/contract';
import { useCallback, useEffect, useRef, useState } from 'react';
import { type Draft, initialDraft, toSubmission } from './answer-draft';
import { saveAnswerDraft } from './api';

/** Saved this long after the judge's last change: a slider dragged end to end makes one request. */
export const DRAFT_SAVE_DELAY_MS = 1500;
/** Browsers refuse a keepalive request with a larger body; the save on leaving then goes without it. */
const KEEPALIVE_MAX_CHARS = 60_000;

export type DraftSaveState = 'idle' | 'saving' | 'saved' | 'failed';

interface AutosaveOptions {
  view: AnswerView;
  token: string | null;
  draft: Draft;
  /** Off in the preview, after the submission, and while it is being sent. */
  isEnabled: boolean;
}

/**
 * Saves the judge's draft on the server as they go (DRAFT_SAVE_DELAY_MS after the last change) and when
 * the page is hidden or left, so that a reload, on this device or another, restores it. Only a change
 * from what the server already has is sent.
 */
export function useDraftAutosave({ view, token, draft, isEnabled }: AutosaveOptions) {
  const [state, setState] = useState<DraftSaveState>('idle');
  const saved = useRef<string | null>(null);
  saved.current ??= JSON.stringify(toSubmission(initialDraft(view), view));
  const inFlight = useRef<Promise<unknown>>(Promise.resolve());
  const latest = useRef({ view, token, draft, isEnabled });
  latest.current = { view, token, draft, isEnabled };

  /** Sends the draft if it differs from the saved one; `isLeaving`: the page is going away. */
  const save = useCallback((isLeaving: boolean) => {
    const { view: v, token: tk, draft: d, isEnabled: enabled } = latest.current;
    if (!enabled) return;
    const body = toSubmission(d, v);
    const json = JSON.stringify(body);
    if (json === saved.current) return;
    saved.current = json;
    setState('saving');
    const request = saveAnswerDraft(v.issue.id, tk, body, isLeaving && json.length < KEEPALIVE_MAX_CHARS)
      .then(() => setState((now) => (now === 'saving' && saved.current === json ? 'saved' : now)))
      .catch(() => {
        // Tried again on the next change, or when the page is left.
        if (saved.current === json) saved.current = null;
        setState('failed');
      });
    inFlight.current = request;
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: every change of the draft restarts the delay
  useEffect(() => {
    if (!isEnabled) return;
    const timer = window.setTimeout(() => save(false), DRAFT_SAVE_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [draft, isEnabled, save]);

  useEffect(() => {
    const onHide = () => {
      if (document.visibilityState === 'hidden') save(true);
    };
    const onPageHide = () => save(true);
    document.addEventListener('visibilitychange', onHide);
    window.addEventListener('pagehide', onPageHide);
    return () => {
      document.removeEventListener('visibilitychange', onHide);
      window.removeEventListener('pagehide', onPageHide);
    };
  }, [save]);

  /** Waits for a save on its way: a submission sent after it deletes the draft for good. */
  const settle = useCallback(() => inFlight.current.then(() => undefined), []);

  return { state, settle };
}
