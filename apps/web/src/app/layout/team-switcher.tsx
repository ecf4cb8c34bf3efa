import type { Team } from '@shortlist/contract';
import { lazy, Suspense } from 'react';

// Ant Design's Select, loaded only for those who administer several teams: most never see it.
const TeamSelect = lazy(() => import('./team-select').then((m) => ({ default: m.TeamSelect })));

/** Jumps between the workspaces the user administers; shown only when there is more than one. */
export function TeamSwitcher({ teams, currentId }: { teams: Team[]; currentId: number | null }) {
  if (teams.length < 2) return null;
  return (
    <Suspense fallback={<div className="sl-team-switcher" />}>
      <TeamSelect teams={teams} currentId={currentId} />
    </Suspense>
  );
}
