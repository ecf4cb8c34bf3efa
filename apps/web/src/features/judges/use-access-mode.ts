import type { IssuePatch } from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { issueKeys, patchIssue } from '../selections/api';

/** Switches between all items for every judge and a subset per judge (PATCH with access_all_items). */
export function useAccessMode(issueId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (patch: Pick<IssuePatch, 'resourcetype' | 'access_all_items'>) => patchIssue(issueId, patch),
    // The issue's key prefixes the judges' keys: their item counts follow the mode.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: issueKeys.one(issueId) }),
  });
}
