import { STORAGE_KEYS } from '../../lib/config';
import { readStorage, writeStorage } from '../../lib/storage';

/** The team last opened in this browser: the team redirect and the navbar come back to it. */
export function getCurrentTeamId(): number | null {
  const id = Number(readStorage(STORAGE_KEYS.currentTeam));
  return Number.isInteger(id) && id > 0 ? id : null;
}

export function rememberCurrentTeam(id: number): void {
  writeStorage(STORAGE_KEYS.currentTeam, String(id));
}
