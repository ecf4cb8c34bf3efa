import { useQuery } from '@tanstack/react-query';
import { dashboardKeys, fetchDashboardData, fetchUsageData } from './api';

/** The team's recent activity; refetched on focus so that new submissions show up. */
export const useDashboardData = (teamId: number) =>
  useQuery({
    queryKey: dashboardKeys.team(teamId),
    queryFn: ({ signal }) => fetchDashboardData(teamId, signal),
    staleTime: 0,
  });

export const useUsageData = (range: { from: string; toDate: string }) =>
  useQuery({
    queryKey: dashboardKeys.usage(range.from, range.toDate),
    queryFn: ({ signal }) => fetchUsageData(range, signal),
  });
