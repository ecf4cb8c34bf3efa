import type {
  ReportDatasetDetails,
  ReportExportQuery,
  ReportQuery,
  ReportSummary,
  ReportSummaryUser,
} from '@shortlist/contract';
import { apiGet, buildUrl } from '../../app/api-client';
import { downloadFile } from '../../app/download';

export const reportKeys = {
  summary: (issueId: number, query: ReportQuery) => ['report', issueId, 'summary', query] as const,
  dataset: (issueId: number, datasetId: number, onlyVerified: boolean) =>
    ['report', issueId, 'dataset', datasetId, onlyVerified] as const,
  user: (issueId: number, userId: number) => ['report', issueId, 'user', userId] as const,
};

export const fetchReportSummary = (issueId: number, query: ReportQuery, signal?: AbortSignal) =>
  apiGet<ReportSummary>(`issues/${issueId}/report_summary/`, query, signal);
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

export const downloadReport = (issueId: number, query: ReportExportQuery, filename: string) =>
  downloadFile(buildUrl(`issues/${issueId}/export_excel/`, query), filename);
