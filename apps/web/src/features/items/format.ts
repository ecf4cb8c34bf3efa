import { DATASET_TAGS_SEPARATOR, type Dataset, splitDatasetTags } from '@shortlist/contract';
import { formatNumber } from '../../app/i18n/format';

/** The wire's 'a;b' as a list, and back. */
export const tagsOf = (text: string) => splitDatasetTags(text);
export const joinTags = (tags: string[]) => tags.map((tag) => tag.trim()).join(DATASET_TAGS_SEPARATOR);

/** Where mass e-mail writes about an item: its own contact e-mail, else its form response's (recipients.ts). */
export const contactAddressOf = (item: Pick<Dataset, 'contact_email' | 'submission'>) =>
  item.contact_email ?? item.submission?.email ?? null;

const SIZE_UNITS = ['B', 'KB', 'MB', 'GB'];
/** A size as "1.5 MB" / "1,5 MB" (English by default, for the pages that have no language at hand). */
export function formatBytes(bytes: number, language = 'en') {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < SIZE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language, 1)} ${SIZE_UNITS[unit]}`;
}
