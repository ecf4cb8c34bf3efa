import { useQuery } from '@tanstack/react-query';
import { fetchPageHeaders, fetchThemes, formKeys } from './api';

/** The page headers and themes a form of the team may use. */
export function useFormOptions(teamId: number) {
  const pageHeaders = useQuery({
    queryKey: formKeys.pageHeaders(teamId),
    queryFn: ({ signal }) => fetchPageHeaders(teamId, signal),
  });
  const themes = useQuery({
    queryKey: formKeys.themes(teamId),
    queryFn: ({ signal }) => fetchThemes(teamId, signal),
  });
  return { pageHeaders, themes };
}
