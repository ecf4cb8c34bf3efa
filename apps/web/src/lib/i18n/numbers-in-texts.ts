import type { FormatterModule, InitOptions } from 'i18next';
import { formatNumber } from './format';

/**
 * A number put in a text reads as the page's language writes it ("10,001 items", "10 001 éléments"),
 * whichever text takes it; the plural still reads `count` itself. The texts name no format of their own.
 */
export const numbersInTexts: FormatterModule = {
  type: 'formatter',
  init: () => undefined,
  add: () => undefined,
  addCached: () => undefined,
  format: (value, _format, language) =>
    typeof value === 'number' ? formatNumber(value, language ?? 'en') : value,
};

/** Every value put in a text goes through `numbersInTexts`; React escapes what it renders. */
export const interpolation: InitOptions['interpolation'] = { escapeValue: false, alwaysFormat: true };
