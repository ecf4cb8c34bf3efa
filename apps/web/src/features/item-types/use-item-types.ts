import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toOffsetLimit } from '../../lib/paging';
import { createItemType, fetchItemTypes, itemTypeKeys } from './api';

/** One page of the team's item types; the previous page stays on screen while the next loads. */
export function useItemTypes(teamId: number, page: number, showLinked: boolean) {
  const query = { ...toOffsetLimit({ page }), showLinked };
  return useQuery({
    queryKey: itemTypeKeys.list(teamId, query),
    queryFn: ({ signal }) => fetchItemTypes(teamId, query, signal),
    placeholderData: keepPreviousData,
  });
}

export function useCreateItemType(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (title: string) => createItemType({ team: teamId, title }),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: itemTypeKeys.all(teamId) }),
  });
}
