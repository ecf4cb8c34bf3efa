import { useCallback, useEffect, useRef, useState } from 'react';

export type FlashTone = 'info' | 'warning' | 'error';

export interface Flash {
  text: string;
  tone: FlashTone;
  /** A new key for each message: the same text said twice is announced twice. */
  key: number;
}

/** Shows `text` for `seconds`. */
export type Notify = (text: string, tone?: FlashTone, seconds?: number) => void;

const FLASH_SECONDS = 3;

/**
 * A short message after a tap (a limit reached, a failed request), shown for a few seconds: the answer
 * page's toast, read out by the live region the bar keeps (answer-bar.tsx). `show` never changes identity.
 */
export function useFlash() {
  const [flash, setFlash] = useState<Flash | null>(null);
  const timer = useRef<number | undefined>(undefined);
  const show = useCallback<Notify>((text, tone = 'info', seconds = FLASH_SECONDS) => {
    window.clearTimeout(timer.current);
    setFlash((previous) => ({ text, tone, key: (previous?.key ?? 0) + 1 }));
    timer.current = window.setTimeout(() => setFlash(null), seconds * 1000);
  }, []);
  useEffect(() => () => window.clearTimeout(timer.current), []);
  return { flash, show };
}
