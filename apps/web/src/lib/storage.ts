/** Where a value is kept: for good in this browser, or for this tab's session. */
type Area = 'localStorage' | 'sessionStorage';

/** localStorage (or sessionStorage) access that never throws (private mode, disabled storage). */
export function readStorage(key: string, area: Area = 'localStorage'): string | null {
  try {
    return window[area].getItem(key);
  } catch {
    return null;
  }
}

export function writeStorage(key: string, value: string | null, area: Area = 'localStorage'): void {
  try {
    if (value === null) window[area].removeItem(key);
    else window[area].setItem(key, value);
  } catch {
    // Storage unavailable: the value lives for this page only.
  }
}
