import { MAX_PAGE_SIZE } from '@shortlist/contract';
import { useDeferredValue, useState } from 'react';
import { useIssues } from './use-issues';

/** The team's selections matching a typed search, newest first, as select options. */
export function useIssueOptions(teamId: number, enabled = true) {
  const [search, setSearch] = useState('');
  const deferred = useDeferredValue(search);
  const issues = useIssues(
    teamId,
    { offset: 0, limit: MAX_PAGE_SIZE, search: deferred || undefined },
    enabled,
  );
  return {
    options: (issues.data?.results ?? []).map((issue) => ({ value: issue.id, label: issue.title })),
    isLoading: issues.isFetching,
    onSearch: setSearch,
  };
}
