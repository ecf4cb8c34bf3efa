import type { ConflictCreate } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { clearConflict, fetchConflicts, judgeKeys, setConflict } from './api';

/** The conflicts of interest of the judges on screen, in one request. */
export function useConflicts(issueId: number, userIds: number[]) {
  return useQuery({
    queryKey: judgeKeys.conflicts(issueId, userIds),
    queryFn: ({ signal }) => fetchConflicts(issueId, userIds, signal),
    enabled: userIds.length > 0,
  });
}

/** Setting or clearing a conflict refreshes every judges query (lists, items, conflicts). */
export function useConflictMutations(issueId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: judgeKeys.all(issueId) });
  return {
    set: useMutation({ mutationFn: (input: ConflictCreate) => setConflict(issueId, input), onSuccess }),
    clear: useMutation({
      mutationFn: (input: { dataset: number; user: number }) => clearConflict(issueId, input),
      onSuccess,
    }),
  };
}
