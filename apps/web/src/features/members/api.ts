import type { Member, MemberCreate, memberAddResultSchema, Page } from '@shortlist/contract';
import { apiGet, apiPost } from '../../app/api-client';

export type MemberAddResult = ReturnType<typeof memberAddResultSchema.parse>;

export const memberKeys = {
  all: (teamId: number) => ['teams', teamId, 'members'] as const,
  admins: (teamId: number, offset: number, limit: number) =>
    [...memberKeys.all(teamId), 'admins', { offset, limit }] as const,
};

/** The team's admins, self-invited accounts excluded (spec: team members list). */
export const fetchAdminMembers = (
  teamId: number,
  page: { offset: number; limit: number },
  signal?: AbortSignal,
) =>
  apiGet<Page<Member>>(
    `teams/${teamId}/members/`,
    { self_invite: false, role__key: 'admin', ...page },
    signal,
  );

export const addMember = (teamId: number, member: MemberCreate) =>
  apiPost<MemberAddResult>(`teams/${teamId}/members/`, member);
