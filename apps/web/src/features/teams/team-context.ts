import type { Team } from '@shortlist/contract';
import { useOutletContext } from 'react-router';

/** The team loaded by TeamBaseView, for the pages under /team/:teamId. */
export const useCurrentTeam = () => useOutletContext<Team>();

/** Route parameter to a team id; null when it is not a positive integer. */
export function parseTeamId(value: string | undefined): number | null {
  if (!value || !/^\d+$/.test(value)) return null;
  const id = Number(value);
  return id > 0 && Number.isSafeInteger(id) ? id : null;
}
