import { useQuery } from '@tanstack/react-query';
import { fetchIssue, issueKeys } from './api';

/** One selection as its admins see it (settings, criteria, tags); key ['issue', id]. */
export function useIssue(issueId: number | null) {
  return useQuery({
    queryKey: issueKeys.one(issueId ?? 0),
    queryFn: ({ signal }) => fetchIssue(issueId ?? 0, signal),
    enabled: issueId !== null,
    retry: false,
  });
}
