import type { TeamPackage } from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { toOffsetLimit } from '../../lib/paging';
import { teamKeys } from '../teams/api';
import { adminKeys, createTeam, fetchSiteTeams, patchTeamPackage } from './api';

export function useSiteTeams(page: number) {
  const { offset, limit } = toOffsetLimit({ page });
  return useQuery({
    queryKey: adminKeys.teams(offset, limit),
    queryFn: ({ signal }) => fetchSiteTeams({ offset, limit }, signal),
    placeholderData: keepPreviousData,
  });
}

/** Creating or changing a team refreshes every team list (site list, switcher, redirect). */
export function useCreateTeam() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createTeam,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}

export function usePatchTeamPackage(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (pkg: Partial<TeamPackage>) => patchTeamPackage(teamId, pkg),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: teamKeys.all }),
  });
}
