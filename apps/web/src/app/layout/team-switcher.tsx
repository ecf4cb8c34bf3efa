import type { Team } from '@shortlist/contract';
import { lazy, Suspense } from 'react';

// Ant Design's Select, loaded only for those who administer several teams: most never see it.
const TeamSelect = lazy(() => import('./team-select').then((m) => ({ default: m.TeamSelect })));

/**
 * Jumps between the workspaces the user administers, to the same list in the other one; shown only when
 * there is more than one. `onSwitched`: the drawer that holds it closes.
 */
export function TeamSwitcher({
  teams,
  currentId,
  onSwitched,
}: {
  teams: Team[];
  currentId: number | null;
  onSwitched?: () => void;
}) {
  if (teams.length < 2) return null;
  return (
    <Suspense fallback={<div className="sl-team-switcher" />}>
      <TeamSelect teams={teams} currentId={currentId} onSwitched={onSwitched} />
    </Suspense>
  );
}
