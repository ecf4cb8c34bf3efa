import type { Issue, ReportQuery } from '@shortlist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import {
  fetchDatasetReport,
  fetchReportDistributions,
  fetchReportSummary,
  fetchUserReport,
  reportKeys,
} from './api';

export function useReportSummary(issueId: number, query: ReportQuery) {
  return useQuery({
    queryKey: reportKeys.summary(issueId, query),
    queryFn: ({ signal }) => fetchReportSummary(issueId, query, signal),
    placeholderData: keepPreviousData,
  });
}

/**
 * The unfiltered summary that a selection's report tab shows first (its filters start empty), asked for by
 * the page's loader beside the selection itself, whose type is not known yet: a pairwise selection's report
 * reads another, and `forgetReportSummary` drops the request once the selection says it is one.
 */
export function prefetchReportSummary(issueId: number) {
  void queryClient.prefetchQuery({
    queryKey: reportKeys.summary(issueId, {}),
    queryFn: ({ signal }) => fetchReportSummary(issueId, {}, signal),
  });
}

export function forgetReportSummary(issue: Issue) {
  if (issue.resourcetype !== 'PairwiseIssue') return;
  const queryKey = reportKeys.summary(issue.id, {});
  void queryClient.cancelQueries({ queryKey }).then(() => queryClient.removeQueries({ queryKey }));
}

/** The box plots of the given items (the table's visible page), by item id; empty while they load. */
export function useReportDistributions(issueId: number, query: ReportQuery, datasetIds: number[]) {
  const distributions = useQuery({
    queryKey: reportKeys.distributions(issueId, query, datasetIds),
    queryFn: ({ signal }) => fetchReportDistributions(issueId, query, datasetIds, signal),
    enabled: datasetIds.length > 0,
    select: (reply) => new Map(reply.distributions.map((row) => [row.dataset_id, row])),
  });
  return distributions.data;
}

export function useDatasetReport(issueId: number, datasetId: number | null, onlyVerified: boolean) {
  return useQuery({
    queryKey: reportKeys.dataset(issueId, datasetId ?? 0, onlyVerified),
    queryFn: ({ signal }) => fetchDatasetReport(issueId, datasetId ?? 0, onlyVerified, signal),
    enabled: datasetId !== null,
  });
}

export function useUserReport(issueId: number, userId: number | null) {
  return useQuery({
    queryKey: reportKeys.user(issueId, userId ?? 0),
    queryFn: ({ signal }) => fetchUserReport(issueId, userId ?? 0, signal),
    enabled: userId !== null,
  });
}
