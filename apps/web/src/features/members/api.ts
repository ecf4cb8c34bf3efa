import type { Member, MemberAddResult, MemberCreate, Page, Team, TeamInvitation } from '@shortlist/contract';
import { apiDelete, apiGet, apiPost } from '../../lib/api-client';
import { fetchAllPages } from '../../lib/paging';

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

/** Removes a member, or withdraws an invitation; the team's last admin stays (LAST_ADMIN). */
export const removeMember = (teamId: number, memberId: number) =>
  apiDelete(`teams/${teamId}/members/${memberId}/`);

export const invitationKeys = {
  mine: ['team-invitations', 'mine'] as const,
};

/** The signed-in user's pending team invitations. */
export const fetchMyInvitations = () => fetchAllPages<TeamInvitation>('team-invitations/');

export const acceptInvitation = (id: number) => apiPost<Team>(`team-invitations/${id}/accept/`);

export const refuseInvitation = (id: number) => apiPost<void>(`team-invitations/${id}/refuse/`);
