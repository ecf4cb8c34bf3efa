import type { MemberCreate } from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { addMember, memberKeys } from './api';

export function useAddMember(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (member: MemberCreate) => addMember(teamId, member),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: memberKeys.all(teamId) }),
  });
}
