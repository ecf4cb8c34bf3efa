import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { toOffsetLimit } from '../../lib/paging';
import { fetchAdminMembers, memberKeys } from './api';

/** One page of the team's admins; the previous page stays on screen while the next loads. */
export function useAdminMembers(teamId: number, page: number) {
  const { offset, limit } = toOffsetLimit({ page });
  return useQuery({
    queryKey: memberKeys.admins(teamId, offset, limit),
    queryFn: ({ signal }) => fetchAdminMembers(teamId, { offset, limit }, signal),
    placeholderData: keepPreviousData,
  });
}
