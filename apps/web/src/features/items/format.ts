import { DATASET_TAGS_SEPARATOR, splitDatasetTags } from '@shortlist/contract';

/** The wire's 'a;b' as a list, and back. */
export const tagsOf = (text: string) => splitDatasetTags(text);
export const joinTags = (tags: string[]) => tags.map((tag) => tag.trim()).join(DATASET_TAGS_SEPARATOR);

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'];
export function formatBytes(bytes: number) {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${Number.isInteger(value) ? value : value.toFixed(1)} ${SIZE_UNITS[unit]}`;
}
