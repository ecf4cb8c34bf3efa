import type { Issue, ReportQuery } from '@shortlist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { queryClient } from '../../app/query-client';
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
 * the page's loader as soon as the selection is known; a pairwise selection's report reads another.
 */
export function prefetchReportSummary(issue: Issue) {
  if (issue.resourcetype === 'PairwiseIssue') return;
  void queryClient.prefetchQuery({
    queryKey: reportKeys.summary(issue.id, {}),
    queryFn: ({ signal }) => fetchReportSummary(issue.id, {}, signal),
  });
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
