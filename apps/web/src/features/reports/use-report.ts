import type { ReportQuery } from '@shortlist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { fetchDatasetReport, fetchReportSummary, fetchUserReport, reportKeys } from './api';

export function useReportSummary(issueId: number, query: ReportQuery) {
  return useQuery({
    queryKey: reportKeys.summary(issueId, query),
    queryFn: ({ signal }) => fetchReportSummary(issueId, query, signal),
    placeholderData: keepPreviousData,
  });
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
