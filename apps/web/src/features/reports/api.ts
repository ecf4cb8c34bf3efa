import type {
  RankedReport,
  RankedReportQuery,
  ReportDatasetDetails,
  ReportDistributions,
  ReportExportWithTopKQuery,
  ReportQuery,
  ReportSummary,
  ReportSummaryUser,
} from '@shortlist/contract';
import { apiGet, buildUrl } from '../../lib/api-client';
import { downloadFile } from '../../lib/download';

export const reportKeys = {
  summary: (issueId: number, query: ReportQuery) => ['report', issueId, 'summary', query] as const,
  distributions: (issueId: number, query: ReportQuery, datasetIds: number[]) =>
    ['report', issueId, 'distributions', query, datasetIds] as const,
  dataset: (issueId: number, datasetId: number, onlyVerified: boolean) =>
    ['report', issueId, 'dataset', datasetId, onlyVerified] as const,
  user: (issueId: number, userId: number) => ['report', issueId, 'user', userId] as const,
};

export const fetchReportSummary = (issueId: number, query: ReportQuery, signal?: AbortSignal) =>
  apiGet<ReportSummary>(`issues/${issueId}/report_summary/`, query, signal);
/** The box plots of the items on screen (at most REPORT_DISTRIBUTION_MAX_ITEMS). */
export const fetchReportDistributions = (
  issueId: number,
  query: ReportQuery,
  datasetIds: number[],
  signal?: AbortSignal,
) =>
  apiGet<ReportDistributions>(
    `issues/${issueId}/report_distribution/`,
    { ...query, datasets: datasetIds.join(',') },
    signal,
  );
export const fetchDatasetReport = (
  issueId: number,
  datasetId: number,
  onlyVerified: boolean,
  signal?: AbortSignal,
) =>
  apiGet<ReportDatasetDetails>(
    `issues/${issueId}/report_dataset/`,
    { dataset: datasetId, only_verified_emails: onlyVerified || undefined },
    signal,
  );
export const fetchUserReport = (issueId: number, userId: number, signal?: AbortSignal) =>
  apiGet<ReportSummaryUser>(`issues/${issueId}/report_summary_user/`, { user: userId }, signal);

export const downloadReport = (issueId: number, query: ReportExportWithTopKQuery, filename: string) =>
  downloadFile(buildUrl(`issues/${issueId}/export_excel/`, query), filename);

export const rankedKeys = {
  report: (issueId: number, query: RankedReportQuery) => ['report', issueId, 'ranked', query] as const,
};
export const fetchRankedReport = (issueId: number, query: RankedReportQuery, signal?: AbortSignal) =>
  apiGet<RankedReport>(`issues/${issueId}/ranked_report/`, query, signal);
