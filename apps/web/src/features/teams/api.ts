import type { Page, Team } from '@shortlist/contract';
import { apiGet } from '../../lib/api-client';
import { fetchAllPages } from '../../lib/paging';

export const teamKeys = {
  all: ['teams'] as const,
  mine: () => [...teamKeys.all, 'mine'] as const,
  detail: (id: number) => [...teamKeys.all, 'detail', id] as const,
  page: (offset: number, limit: number, all: boolean) =>
    [...teamKeys.all, 'page', { offset, limit, all }] as const,
};

export const fetchTeam = (id: number, signal?: AbortSignal) =>
  apiGet<Team>(`teams/${id}/`, undefined, signal);

/** Every team of the signed-in user. */
export const fetchMyTeams = () => fetchAllPages<Team>('teams/');

export const fetchTeamsPage = (query: { offset: number; limit: number; all?: boolean }) =>
  apiGet<Page<Team>>('teams/', query);

export const isTeamAdmin = (team: Pick<Team, 'my_membership'>) => team.my_membership?.role.key === 'admin';
