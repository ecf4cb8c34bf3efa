import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { buildUrl } from './api-client';
import { STORAGE_KEYS } from './config';
import { ACCESS_TOKEN_KEY, firstRequests } from './early-requests';

describe('firstRequests', () => {
  // buildUrl resolves against the page's origin; nothing else of `window` is read here.
  beforeAll(() => vi.stubGlobal('window', { location: { origin: 'http://localhost' } }));
  afterAll(() => vi.unstubAllGlobals());

  it('asks for what the app asks first, at the addresses its own calls build', () => {
    expect(firstRequests('/team/3/issue/9/manage', '?tab=report')).toEqual([
      buildUrl('users/me/'),
      buildUrl('teams/3/'),
      buildUrl('issues/9/'),
      buildUrl('issues/9/report_summary/', {}),
    ]);
    expect(firstRequests('/team/3/issue/9/manage', '?tab=items')).toEqual([
      buildUrl('users/me/'),
      buildUrl('teams/3/'),
      buildUrl('issues/9/'),
    ]);
    expect(firstRequests('/team/3/items', '')).toEqual([buildUrl('users/me/'), buildUrl('teams/3/')]);
    expect(firstRequests('/team/3', '')).toEqual([buildUrl('users/me/'), buildUrl('teams/3/')]);
  });

  it('asks for nothing outside a team: sign-in, public pages, a team-like path', () => {
    for (const path of ['/login', '/forms/4', '/selection/2/answer', '/', '/teams/3', '/team/x/items'])
      expect(firstRequests(path, '')).toEqual([]);
  });

  it('reads the token where the app keeps it', () => {
    expect(ACCESS_TOKEN_KEY).toBe(STORAGE_KEYS.access);
  });
});
