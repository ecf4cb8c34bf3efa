import { useTranslation } from 'react-i18next';

/**
 * Dates and numbers as the interface's language writes them — the one place that formats them, so that a
 * page never mixes "25/11/2026" with "Nov 25, 2026" or "3.5" with "3,5". Dates take the browser's time zone.
 */
type DateInput = string | number | Date;

const toDate = (value: DateInput) => (value instanceof Date ? value : new Date(value));

// Building a formatter costs far more than using one (a table's dates and means are thousands of calls):
// each language and set of options builds one, kept for the page's life.
const formatters = new Map<string, Intl.DateTimeFormat | Intl.NumberFormat>();

function formatterOf<T extends Intl.DateTimeFormat | Intl.NumberFormat>(
  kind: string,
  language: string,
  build: () => T,
): T {
  const key = `${kind}|${language}`;
  let formatter = formatters.get(key);
  if (formatter === undefined) {
    formatter = build();
    formatters.set(key, formatter);
  }
  return formatter as T;
}

/** "Nov 25, 2026" / "25 nov. 2026". */
export const formatDate = (value: DateInput, language: string) =>
  formatterOf('date', language, () => new Intl.DateTimeFormat(language, { dateStyle: 'medium' })).format(
    toDate(value),
  );

/** "Nov 25, 2026, 2:05 PM" / "25 nov. 2026, 14:05". */
export const formatDateTime = (value: DateInput, language: string) =>
  formatterOf(
    'dateTime',
    language,
    () => new Intl.DateTimeFormat(language, { dateStyle: 'medium', timeStyle: 'short' }),
  ).format(toDate(value));

/** "1,234.5" / "1 234,5": up to `maximumFractionDigits` decimals (3 by default: ratings and their means). */
export const formatNumber = (value: number, language: string, maximumFractionDigits = 3) =>
  formatterOf(
    `number${maximumFractionDigits}`,
    language,
    () => new Intl.NumberFormat(language, { maximumFractionDigits }),
  ).format(value);

/** A share (0.255) as "25.5%" / "25,5 %": up to one decimal. */
export const formatPercent = (share: number, language: string, maximumFractionDigits = 1) =>
  formatterOf(
    `percent${maximumFractionDigits}`,
    language,
    () => new Intl.NumberFormat(language, { style: 'percent', maximumFractionDigits }),
  ).format(share);

/** The four formatters bound to the interface's current language, for components, and its decimal mark. */
export function useFormat() {
  const { i18n } = useTranslation();
  const language = i18n.language;
  return {
    language,
    /** "." / ",": what a number input writes and reads (Ant Design's `decimalSeparator`). */
    decimalSeparator: formatNumber(1.5, language).charAt(1),
    date: (value: DateInput) => formatDate(value, language),
    dateTime: (value: DateInput) => formatDateTime(value, language),
    number: (value: number, maximumFractionDigits?: number) =>
      formatNumber(value, language, maximumFractionDigits),
    percent: (share: number, maximumFractionDigits?: number) =>
      formatPercent(share, language, maximumFractionDigits),
  };
}
