import { DATASET_TAGS_SEPARATOR, type Dataset, splitDatasetTags } from '@shortlist/contract';
import { formatNumber } from '../../lib/i18n/format';

/** The wire's 'a;b' as a list, and back. */
export const tagsOf = (text: string) => splitDatasetTags(text);
export const joinTags = (tags: string[]) => tags.map((tag) => tag.trim()).join(DATASET_TAGS_SEPARATOR);

/** Where mass e-mail writes about an item: its own contact e-mail, else its form response's (recipients.ts). */
export const contactAddressOf = (item: Pick<Dataset, 'contact_email' | 'submission'>) =>
  item.contact_email ?? item.submission?.email ?? null;

/** Sizes' units as each language writes them: French counts octets (o, Ko, Mo, Go). */
const SIZE_UNITS: Record<string, string[]> = {
  en: ['B', 'KB', 'MB', 'GB'],
  fr: ['o', 'Ko', 'Mo', 'Go'],
};
/** A size as "1.5 MB" / "1,5 Mo" in `language` (its first two letters; English for any other). */
export function formatBytes(bytes: number, language: string) {
  const units = SIZE_UNITS[language.slice(0, 2)] ?? SIZE_UNITS.en ?? [];
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${formatNumber(value, language, 1)}\u00a0${units[unit]}`;
}
