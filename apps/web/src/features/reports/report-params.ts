import type { AgreementQuery, ReportQuery } from '@shortlist/contract';
import type { RankingParams } from '../rounds/promote-dialog';
import type { ReportFilterValues } from './report-filters';

/** The report's filters as its parameters, each absent where it filters nothing: what promotion takes. */
export const reportParams = (filters: Omit<ReportFilterValues, 'threshold'>): RankingParams => ({
  criteria: filters.criteria.length > 0 ? filters.criteria : undefined,
  tags: filters.tags.length > 0 ? filters.tags : undefined,
  only_verified_emails: filters.onlyVerified || undefined,
  normalised: filters.normalisation !== 'none' || undefined,
  per_criterion: filters.normalisation === 'criterion' || undefined,
});

/** The same parameters as the report's query string. */
export const toReportQuery = (params: RankingParams): ReportQuery => ({
  only_verified_emails: params.only_verified_emails ? 'true' : undefined,
  tags: params.tags?.join(';'),
  criteria: params.criteria?.join(','),
  normalised: params.normalised ? 'true' : undefined,
  per_criterion: params.per_criterion ? 'true' : undefined,
});

/** What of the report's query the agreement follows: its judges and criteria. */
export const agreementQueryOf = (query: ReportQuery): AgreementQuery => ({
  criteria: query.criteria,
  only_verified_emails: query.only_verified_emails,
});
