import {
  API_PREFIX as CONTRACT_API_PREFIX,
  ITEMS_PAGE_SIZE as CONTRACT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE,
} from '@shortlist/contract';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { fetchForm } from '../features/forms/api';
import { fetchItemType } from '../features/item-types/api';
import { fetchDatasets, ITEMS_DEFAULT_ORDERING, itemsTableFilters } from '../features/items/api';
import { fetchJudges } from '../features/judges/api';
import { fetchMerge } from '../features/merges/api';
import { buildUrl } from './api-client';
import { STORAGE_KEYS } from './config';
import {
  ACCESS_TOKEN_KEY,
  API_PREFIX,
  firstRequests,
  ISSUE_ITEMS_ORDERING,
  ITEMS_ORDERING,
  ITEMS_PAGE_SIZE,
  LIST_PAGE_SIZE,
} from './early-requests';
import { toOffsetLimit } from './paging';

/** The address that one of the app's calls asks for. */
function requestOf(call: () => Promise<unknown>) {
  const asked: string[] = [];
  vi.stubGlobal('fetch', (url: string) => {
    asked.push(url);
    return Promise.reject(new Error('not sent'));
  });
  void call().catch(() => undefined);
  vi.stubGlobal('fetch', undefined);
  return asked[0];
}

/** The address of the items table's first page, as the table asks for it (`fetchDatasets`). */
const itemsTableRequest = (team: number, view: { issueId?: number; ordering: string }) =>
  requestOf(() => fetchDatasets(team, itemsTableFilters({ ...view, page: 1 })));

describe('firstRequests', () => {
  // buildUrl resolves against the page's origin, and a call names the page's language; nothing else of
  // `window` or `document` is read here.
  beforeAll(() => {
    vi.stubGlobal('window', { location: { origin: 'http://localhost' } });
    vi.stubGlobal('document', { documentElement: { lang: 'en' } });
  });
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
      itemsTableRequest(3, { issueId: 9, ordering: ISSUE_ITEMS_ORDERING }),
    ]);
    expect(firstRequests('/team/3/issue/9/manage', '?tab=access')).toEqual([
      buildUrl('users/me/'),
      buildUrl('teams/3/'),
      buildUrl('issues/9/'),
      // The judges tab's first page, no search, every status (access-tab.tsx).
      requestOf(() => fetchJudges(9, toOffsetLimit({ page: 1 }))),
    ]);
    expect(firstRequests('/team/3/issue/9/manage', '?tab=general')).toEqual([
      buildUrl('users/me/'),
      buildUrl('teams/3/'),
      buildUrl('issues/9/'),
    ]);
    expect(firstRequests('/team/3/items', '')).toEqual([
      buildUrl('users/me/'),
      buildUrl('teams/3/'),
      itemsTableRequest(3, { ordering: ITEMS_DEFAULT_ORDERING }),
    ]);
    expect(firstRequests('/team/3/items', '?issue=9')[2]).toBe(
      itemsTableRequest(3, { issueId: 9, ordering: ITEMS_DEFAULT_ORDERING }),
    );
    expect(firstRequests('/team/3', '')).toEqual([buildUrl('users/me/'), buildUrl('teams/3/')]);
    for (const [page, asked] of [
      ['/team/3/intake-forms/4', requestOf(() => fetchForm(4))],
      ['/team/3/item-types/5/manage', requestOf(() => fetchItemType(5))],
      ['/team/3/issues-merge/6', requestOf(() => fetchMerge(6))],
    ] as const) {
      expect(firstRequests(page, '')).toEqual([buildUrl('users/me/'), buildUrl('teams/3/'), asked]);
    }
  });

  it('asks for nothing outside a team: sign-in, public pages, a team-like path', () => {
    for (const path of [
      '/login',
      '/forms/4',
      '/selection/2/answer',
      '/',
      '/teams/3',
      '/team/x/items',
      '/team/x/intake-forms/4',
    ])
      expect(firstRequests(path, '')).toEqual([]);
  });

  it('holds its own copies of the app’s constants equal to them', () => {
    expect(ACCESS_TOKEN_KEY).toBe(STORAGE_KEYS.access);
    expect(API_PREFIX).toBe(CONTRACT_API_PREFIX);
    expect(ITEMS_PAGE_SIZE).toBe(CONTRACT_PAGE_SIZE);
    expect(LIST_PAGE_SIZE).toBe(DEFAULT_PAGE_SIZE);
    expect(ITEMS_ORDERING).toBe(ITEMS_DEFAULT_ORDERING);
  });
});
