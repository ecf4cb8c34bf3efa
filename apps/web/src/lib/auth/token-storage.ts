import type { TokenPair } from '@shortlist/contract';
import { useSyncExternalStore } from 'react';
import { STORAGE_KEYS } from '../config';
import { readStorage, writeStorage } from '../storage';

type Listener = () => void;
const listeners = new Set<Listener>();

function notify() {
  for (const listener of listeners) listener();
}

export const getAccessToken = () => readStorage(STORAGE_KEYS.access);
export const getRefreshToken = () => readStorage(STORAGE_KEYS.refresh);

export function storeTokens(pair: TokenPair): void {
  writeStorage(STORAGE_KEYS.access, pair.access);
  writeStorage(STORAGE_KEYS.refresh, pair.refresh);
  notify();
}

export function clearTokens(): void {
  writeStorage(STORAGE_KEYS.access, null);
  writeStorage(STORAGE_KEYS.refresh, null);
  notify();
}

function subscribe(listener: Listener) {
  listeners.add(listener);
  // Another tab signing in or out changes the same storage.
  const onStorage = (event: StorageEvent) => {
    if (event.key === STORAGE_KEYS.access || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** True while an access token is stored; re-renders on sign-in and sign-out. */
export function useIsSignedIn(): boolean {
  return useSyncExternalStore(subscribe, () => getAccessToken() !== null);
}
