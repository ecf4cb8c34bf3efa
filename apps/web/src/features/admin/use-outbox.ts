import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toOffsetLimit } from '../../lib/paging';
import { adminKeys, fetchOutbox } from './api';

/** One page of the built-in outbox, newest first; always fetched fresh (mails arrive meanwhile). */
export function useOutbox(page: number) {
  const { offset, limit } = toOffsetLimit({ page });
  return useQuery({
    queryKey: adminKeys.outbox(offset, limit),
    queryFn: ({ signal }) => fetchOutbox({ offset, limit }, signal),
    placeholderData: keepPreviousData,
    staleTime: 0,
  });
}
