import { parseIdList } from '@shortlist/contract';

/** The `tags` query parameter of the lists: comma-separated integer ids. */
export const TAGS_PARAM = 'tags';

/** The chosen tag ids: non-numeric ones dropped, and unknown ones too once the team's tags are known. */
export function parseTagQuery(value: string | null, knownIds?: readonly number[]): number[] {
  const ids = parseIdList(value);
  return knownIds ? ids.filter((id) => knownIds.includes(id)) : ids;
}

/** The query value after clicking a tag: an active tag clears the filter, another one becomes the filter. */
export function toggleTagQuery(selected: readonly number[], tagId: number): string | null {
  return selected.includes(tagId) ? null : String(tagId);
}

export const formatTagQuery = (ids: readonly number[]) => (ids.length > 0 ? ids.join(',') : null);
