import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createTag, deleteTag, fetchTags, reviewKeys } from './api';

/** Every tag of the team, by name. */
export function useTags(teamId: number, enabled = true) {
  return useQuery({ queryKey: reviewKeys.tags(teamId), queryFn: () => fetchTags(teamId), enabled });
}

export function useTagMutations(teamId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: reviewKeys.tags(teamId) });
  return {
    add: useMutation({ mutationFn: (name: string) => createTag(teamId, { name }), onSuccess }),
    remove: useMutation({ mutationFn: (tagId: number) => deleteTag(teamId, tagId), onSuccess }),
  };
}
