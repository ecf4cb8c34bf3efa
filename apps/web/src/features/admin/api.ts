import type { OutboxMessage, Page, Team, TeamPackage } from '@shortlist/contract';
import { apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { teamKeys } from '../teams/api';

export const adminKeys = {
  teams: (offset: number, limit: number) => [...teamKeys.all, 'site', { offset, limit }] as const,
  outbox: (offset: number, limit: number) => ['outbox', { offset, limit }] as const,
};

/** Every team of the site (superusers only). */
export const fetchSiteTeams = (page: { offset: number; limit: number }, signal?: AbortSignal) =>
  apiGet<Page<Team>>('teams/', { all: true, ...page }, signal);

export const createTeam = (team: { title: string; description: string }) => apiPost<Team>('teams/', team);

export const patchTeamPackage = (teamId: number, pkg: Partial<TeamPackage>) =>
  apiPatch<Team>(`teams/${teamId}/`, { package: pkg });

export const fetchOutbox = (page: { offset: number; limit: number }, signal?: AbortSignal) =>
  apiGet<Page<OutboxMessage>>('outbox/', page, signal);
