import type { LoaderFunctionArgs } from 'react-router';
import { fetchIssue, issueKeys } from '../features/selections/api';
import { fetchTeam, teamKeys } from '../features/teams/api';
import { parseTeamId as parseRouteId, parseTeamId } from '../features/teams/team-context';
import { getAccessToken } from '../lib/auth/token-storage';
import { fetchMe, ME_QUERY_KEY, ME_STALE_MS } from '../lib/auth/use-current-user';
import { queryClient } from '../lib/query-client';

// A signed-in page's first requests start with the navigation, side by side, instead of one after the other
// as each guard renders (the user, then the team, then the page's own). They fill the queries' cache; the
// loaders wait for nothing.

/** The signed-in user, which RequireAuth waits for. */
export function prefetchCurrentUser() {
  if (getAccessToken())
    void queryClient.prefetchQuery({ queryKey: ME_QUERY_KEY, queryFn: fetchMe, staleTime: ME_STALE_MS });
  return null;
}

/** The team of a /team/:teamId page, which TeamBaseView waits for. */
export function prefetchTeam({ params }: LoaderFunctionArgs) {
  const id = parseTeamId(params.teamId);
  if (id !== null && getAccessToken()) {
    void queryClient.prefetchQuery({
      queryKey: teamKeys.detail(id),
      queryFn: ({ signal }) => fetchTeam(id, signal),
    });
  }
  return null;
}

/** The items page (`?issue=` or not): its table's first page. */
export function prefetchItemsPage({ params, request }: LoaderFunctionArgs) {
  const teamId = parseTeamId(params.teamId);
  if (teamId !== null && getAccessToken()) {
    const issue = parseRouteId(new URL(request.url).searchParams.get('issue') ?? undefined) ?? undefined;
    void import('../features/items/items-page').then(
      (page) => page.prefetchItemsPage(teamId, issue),
      () => undefined,
    );
  }
  return null;
}

/**
 * A selection's page: the selection, which the page waits for, and the module of the tab in its address
 * (a report's is 50 KiB that would otherwise start only once the page has rendered), with the report's
 * first data, or the items tab's first page.
 */
export function prefetchIssuePage({ params, request }: LoaderFunctionArgs) {
  const id = parseRouteId(params.id);
  if (id !== null && getAccessToken()) {
    const issue = queryClient.fetchQuery({
      queryKey: issueKeys.one(id),
      queryFn: ({ signal }) => fetchIssue(id, signal),
    });
    const tab = new URL(request.url).searchParams.get('tab');
    // The report's first data beside the selection, not once its tab has rendered (nor once the selection
    // came: a round trip more at a phone's latency, issue 28).
    if (tab === 'report') {
      void import('../features/reports/use-report').then(
        (report) => {
          report.prefetchReportSummary(id);
          issue.then(report.forgetReportSummary, () => undefined);
        },
        () => undefined,
      );
    } else {
      void issue.catch(() => undefined);
    }
    const teamId = parseTeamId(params.teamId);
    if (tab === 'items' && teamId !== null) {
      void import('../features/selections/issue-items-tab').then(
        (items) => items.prefetchIssueItems(teamId, id),
        () => undefined,
      );
    }
    void import('../features/selections/issue-manage-page').then(
      (page) => page.preloadTab(tab),
      () => undefined,
    );
  }
  return null;
}
