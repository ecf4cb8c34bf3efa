import { describe, expect, it } from 'vitest';
import { pathInTeam } from './team-path';

const team = (massEmails: boolean) => ({ id: 7, package: { mass_emails: massEmails } }) as never;

describe('the page a team switch leads to', () => {
  it('keeps the list the admin was on, an object’s page going to its list', () => {
    expect(pathInTeam('/team/1/items', team(true))).toBe('/team/7/items');
    expect(pathInTeam('/team/1/intake-forms/12', team(true))).toBe('/team/7/forms');
    expect(pathInTeam('/team/1/issue/3/manage', team(true))).toBe('/team/7/issues');
    expect(pathInTeam('/team/1/item-types/4/manage', team(true))).toBe('/team/7/item-types');
    expect(pathInTeam('/team/1/email/batch/9', team(true))).toBe('/team/7/emails');
  });

  it('goes to the dashboard from the dashboard, a page outside the teams, or e-mails the plan lacks', () => {
    expect(pathInTeam('/team/1', team(true))).toBe('/team/7');
    expect(pathInTeam('/admin/usage', team(true))).toBe('/team/7');
    expect(pathInTeam('/team/1/emails', team(false))).toBe('/team/7');
  });
});
