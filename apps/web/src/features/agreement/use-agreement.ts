import type { Agreement } from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import { apiGet } from '../../app/api-client';

/** Under the report's key, so that whatever refreshes the report refreshes it too. */
export const agreementKey = (issueId: number) => ['report', issueId, 'agreement'] as const;

/** `enabled`: false where nothing would show it (a comments-only selection, judges hidden): no request. */
export function useAgreement(issueId: number, enabled: boolean) {
  return useQuery({
    queryKey: agreementKey(issueId),
    enabled,
    queryFn: ({ signal }) => apiGet<Agreement>(`issues/${issueId}/agreement/`, {}, signal),
  });
}
