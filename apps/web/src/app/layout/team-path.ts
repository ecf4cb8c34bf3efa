import type { Team } from '@shortlist/contract';

/** A team page's list, by the first segment of its path: an object's page goes to the list it is in. */
const LISTS: Record<string, string> = {
  forms: 'forms',
  'intake-forms': 'forms',
  issues: 'issues',
  issue: 'issues',
  'issues-merge': 'issues',
  'item-types': 'item-types',
  items: 'items',
  members: 'members',
  webhooks: 'webhooks',
  audit: 'audit',
  emails: 'emails',
  email: 'emails',
};

/**
 * Where switching to `team` leads from `pathname`: the same list in that team (the items to its items; a
 * form to its forms, since the form is the other team's), else its dashboard. Mass e-mail only where
 * the team's package has it.
 */
export function pathInTeam(pathname: string, team: Pick<Team, 'id' | 'package'>): string {
  const segment = /^\/team\/\d+\/([\w-]+)/.exec(pathname)?.[1];
  const list = segment === undefined ? undefined : LISTS[segment];
  if (list === undefined || (list === 'emails' && !team.package.mass_emails)) return `/team/${team.id}`;
  return `/team/${team.id}/${list}`;
}
