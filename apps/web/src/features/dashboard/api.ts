import type { DashboardData, UsageData } from '@shortlist/contract';
import { apiGet } from '../../lib/api-client';

export const dashboardKeys = {
  team: (teamId: number) => ['dashboard', teamId] as const,
  usage: (from: string, toDate: string) => ['usage', { from, toDate }] as const,
};

export const fetchDashboardData = (teamId: number, signal?: AbortSignal) =>
  apiGet<DashboardData>('custom/dashboard_data', { team_id: teamId }, signal);

export const fetchUsageData = (range: { from: string; toDate: string }, signal?: AbortSignal) =>
  apiGet<UsageData>('custom/usage_data', range, signal);
