import type { Agreement, AgreementQuery } from '@shortlist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { apiGet } from '../../lib/api-client';

/** Under the report's key, so that whatever refreshes the report refreshes it too. */
export const agreementKey = (issueId: number, query: AgreementQuery) =>
  ['report', issueId, 'agreement', query] as const;

/**
 * Under the report's filters (its judges and criteria); the previous figures stay while new filters load.
 * `enabled`: false where nothing would show it (a comments-only selection, judges hidden): no request.
 */
export function useAgreement(issueId: number, enabled: boolean, query: AgreementQuery) {
  return useQuery({
    queryKey: agreementKey(issueId, query),
    enabled,
    placeholderData: keepPreviousData,
    queryFn: ({ signal }) => apiGet<Agreement>(`issues/${issueId}/agreement/`, query, signal),
  });
}
