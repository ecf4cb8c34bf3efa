import { LANGUAGES, type Language } from '@shortlist/contract';
import i18n from 'i18next';
import { STORAGE_KEYS } from '../config';
import { readStorage, writeStorage } from '../storage';

const isLanguage = (value: unknown): value is Language => LANGUAGES.includes(value as Language);

/**
 * The language kept in this browser; until one is chosen, the browser's own if it is French (a stranger on
 * a public page has no switcher to find first), English otherwise.
 */
export function getStoredLanguage(): Language {
  const stored = readStorage(STORAGE_KEYS.language);
  if (isLanguage(stored)) return stored;
  return navigator.languages?.[0]?.toLowerCase().startsWith('fr') ? 'fr' : 'en';
}

/** Switches the interface language and keeps the choice in this browser. */
export function applyLanguage(language: Language): void {
  writeStorage(STORAGE_KEYS.language, language);
  document.documentElement.lang = language;
  void i18n.changeLanguage(language);
}

export { toLanguage } from '@shortlist/contract';
