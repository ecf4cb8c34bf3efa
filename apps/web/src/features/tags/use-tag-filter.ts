import { useCallback, useEffect, useMemo } from 'react';
import { useSearchParams } from 'react-router';
import { useTags } from '../reviews/use-tags';
import { useCurrentTeam } from '../teams/team-context';
import { formatTagQuery, parseTagQuery, TAGS_PARAM, toggleTagQuery } from './tag-query';

/**
 * The tag filter of a team list, kept in the `tags` query parameter. Unknown ids are dropped from
 * the address once the team's tags are loaded; changing the filter goes back to the first page.
 */
export function useTagFilter() {
  const team = useCurrentTeam();
  const tags = useTags(team.id);
  const [params, setParams] = useSearchParams();
  const raw = params.get(TAGS_PARAM);
  const knownIds = useMemo(() => tags.data?.map((tag) => tag.id), [tags.data]);
  const tagIds = useMemo(() => parseTagQuery(raw, knownIds), [raw, knownIds]);

  const setTagIds = useCallback(
    (ids: readonly number[] | null) =>
      setParams(
        (current) => {
          const next = new URLSearchParams(current);
          const value = ids ? formatTagQuery(ids) : null;
          if (value) next.set(TAGS_PARAM, value);
          else next.delete(TAGS_PARAM);
          next.delete('page');
          return next;
        },
        { replace: true },
      ),
    [setParams],
  );

  useEffect(() => {
    if (raw !== null && knownIds && formatTagQuery(tagIds) !== raw) setTagIds(tagIds);
  }, [raw, knownIds, tagIds, setTagIds]);

  return {
    tagIds,
    /** For the list query: the ids joined by commas, or undefined for no filter. */
    tagsQuery: formatTagQuery(tagIds) ?? undefined,
    toggle: (tagId: number) => {
      const value = toggleTagQuery(tagIds, tagId);
      setTagIds(value ? [Number(value)] : null);
    },
    clear: () => setTagIds(null),
  };
}
