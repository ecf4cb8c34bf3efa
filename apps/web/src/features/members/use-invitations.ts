import type { TeamInvitation } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useIsSignedIn } from '../../lib/auth/token-storage';
import { teamKeys } from '../teams/api';
import { acceptInvitation, fetchMyInvitations, invitationKeys, refuseInvitation } from './api';

/** The signed-in user's pending team invitations. */
export function useMyInvitations() {
  const isSignedIn = useIsSignedIn();
  return useQuery({ queryKey: invitationKeys.mine, queryFn: fetchMyInvitations, enabled: isSignedIn });
}

/** Accept or refuse an invitation; either way the invitations and the user's teams are read again. */
export function useAnswerInvitation() {
  const queryClient = useQueryClient();
  const onSettled = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: invitationKeys.mine }),
      queryClient.invalidateQueries({ queryKey: teamKeys.all }),
    ]);
  const accept = useMutation({
    mutationFn: (invitation: TeamInvitation) => acceptInvitation(invitation.id),
    onSettled,
  });
  const refuse = useMutation({
    mutationFn: (invitation: TeamInvitation) => refuseInvitation(invitation.id),
    onSettled,
  });
  return { accept, refuse };
}
