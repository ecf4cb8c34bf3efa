// A signed-in page's first API requests, sent by a script of their own that index.html loads beside the
// app (early-requests-plugin.ts): the app's scripts take about a second to arrive at a phone's speed, and
// the requests its route loaders send once they run took another 250 ms before the page could draw
// (issue 28). The app takes each reply once, for the same address and token (`takeEarlyReply`); one it
// does not ask for in time is dropped.

// Written here rather than imported (the contract's API_PREFIX and ITEMS_PAGE_SIZE, config's STORAGE_KEYS,
// the items tables' first orders): this script loads alone, and an import would make it wait for the app's
// chunks. early-requests.test.ts holds each equal to its own.
export const API_PREFIX = '/api/v1';
export const ACCESS_TOKEN_KEY = 'shortlist.access';
export const ITEMS_PAGE_SIZE = 20;
/** A list's page size (the contract's DEFAULT_PAGE_SIZE): a selection's judges come ten at a time. */
export const LIST_PAGE_SIZE = 10;
/** The items page's first order, and a selection's items tab's. */
export const ITEMS_ORDERING = '-create_time';
export const ISSUE_ITEMS_ORDERING = 'title';

/** Past this, a reply not taken is not used: the page has asked for what it needs by then. */
const KEPT_MS = 30_000;

interface EarlyReply {
  token: string;
  reply: Promise<Response>;
  sentAt: number;
}

const replies = new Map<string, EarlyReply>();

/** An items table's first page: the request `itemsTableFilters` builds for page 1 and `ordering`. */
const itemsPage = (team: string, ordering: string, issue?: string) =>
  `${API_PREFIX}/datasets/?team=${team}&offset=0&limit=${ITEMS_PAGE_SIZE}${issue ? `&issue=${issue}` : ''}&ordering=${ordering}`;

/** A form's, an item type's and a merge's page: what each draws from, by the address of the page. */
const DETAIL_PAGES: [RegExp, (id: string) => string][] = [
  [/^\/team\/\d+\/intake-forms\/(\d+)\/?$/, (id) => `${API_PREFIX}/intake-forms/${id}/`],
  [/^\/team\/\d+\/item-types\/(\d+)\/manage\/?$/, (id) => `${API_PREFIX}/data-models/${id}/`],
  [/^\/team\/\d+\/issues-merge\/(\d+)\/?$/, (id) => `${API_PREFIX}/issues-merge/${id}/`],
];

/**
 * What a page of the signed-in app asks for first, by its address: the user and the team of any team
 * page; the items page its table's first page; a selection's page its selection, its items tab their
 * first page, its judges tab their first page, its report tab the report's summary (a pairwise
 * selection's report reads another, and leaves that reply untaken); a form's, an item type's and a
 * merge's page what they show.
 */
export function firstRequests(pathname: string, search: string): string[] {
  const team = /^\/team\/(\d+)(?:\/|$)/.exec(pathname)?.[1];
  if (team === undefined) return [];
  const paths = [`${API_PREFIX}/users/me/`, `${API_PREFIX}/teams/${team}/`];
  const query = new URLSearchParams(search);
  if (/^\/team\/\d+\/items\/?$/.test(pathname)) {
    const issue = query.get('issue') ?? undefined;
    paths.push(itemsPage(team, ITEMS_ORDERING, issue && /^\d+$/.test(issue) ? issue : undefined));
  }
  const issue = /^\/team\/\d+\/issue\/(\d+)\/manage\/?$/.exec(pathname)?.[1];
  if (issue !== undefined) {
    paths.push(`${API_PREFIX}/issues/${issue}/`);
    const tab = query.get('tab');
    if (tab === 'report') paths.push(`${API_PREFIX}/issues/${issue}/report_summary/`);
    if (tab === 'items') paths.push(itemsPage(team, ISSUE_ITEMS_ORDERING, issue));
    if (tab === 'access')
      paths.push(`${API_PREFIX}/issues/${issue}/judges/?offset=0&limit=${LIST_PAGE_SIZE}`);
  }
  for (const [page, shown] of DETAIL_PAGES) {
    const id = page.exec(pathname)?.[1];
    if (id !== undefined) paths.push(shown(id));
  }
  return paths;
}

/** The reply of an early request for `url` sent with `token`, once; undefined when there is none. */
export function takeEarlyReply(url: string, token: string | null): Promise<Response> | undefined {
  const early = replies.get(url);
  if (!early) return undefined;
  replies.delete(url);
  if (early.token !== token || performance.now() - early.sentAt > KEPT_MS) return undefined;
  return early.reply;
}

function sendFirstRequests() {
  let token: string | null = null;
  try {
    token = window.localStorage.getItem(ACCESS_TOKEN_KEY);
  } catch {
    // Storage unavailable (private mode): the app signs in as usual.
  }
  if (!token) return;
  for (const path of firstRequests(window.location.pathname, window.location.search)) {
    const reply = fetch(path, { headers: { Accept: 'application/json', Authorization: `Bearer ${token}` } });
    // A failed early request is asked again by the app; unhandled, it would be reported as an error.
    reply.catch(() => undefined);
    replies.set(path, { token, reply, sentAt: performance.now() });
  }
}

sendFirstRequests();
