import { useSyncExternalStore } from 'react';
import { CLIENT_VERSION } from '../config';

let serverVersion: string | null = null;
const listeners = new Set<() => void>();

const majorMinor = (version: string) => version.split('.').slice(0, 2).join('.');

/**
 * Called by the API client with the x-api-version header of every reply. Once a different
 * version has been seen it is kept: the page stays outdated until it is reloaded.
 */
export function recordServerVersion(version: string | null): void {
  if (!version || version === serverVersion || isVersionMismatch(serverVersion)) return;
  serverVersion = version;
  for (const listener of listeners) listener();
}

/** The software differs when the major or minor part of the versions differ. */
export function isVersionMismatch(server: string | null, client = CLIENT_VERSION): boolean {
  return server !== null && majorMinor(server) !== majorMinor(client);
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

export const getServerVersion = (): string | null => serverVersion;

export function useServerVersion(): string | null {
  return useSyncExternalStore(subscribe, () => serverVersion);
}
