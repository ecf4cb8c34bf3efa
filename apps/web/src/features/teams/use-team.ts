import { useQuery } from '@tanstack/react-query';
import { fetchTeam, teamKeys } from './api';

/** One team; the query reloads when the id changes. */
export function useTeam(id: number | null) {
  return useQuery({
    queryKey: teamKeys.detail(id ?? 0),
    queryFn: ({ signal }) => fetchTeam(id ?? 0, signal),
    enabled: id !== null,
  });
}
