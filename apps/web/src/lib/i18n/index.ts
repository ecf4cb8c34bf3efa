import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import * as submissions from '../../features/submissions/i18n';
import { en } from './en';
import { fr } from './fr';
import { getStoredLanguage } from './language';
import { interpolation, numbersInTexts } from './numbers-in-texts';

/**
 * The shell's texts in 'translation'; each feature keeps its own in a namespace beside its pages. Here
 * the public form's, which every public page's entry carries. Every other namespace is added by the modules
 * that read it, when they load (add-resources.ts): a page downloads the texts it shows, not the whole app's.
 */
export const resources = {
  en: {
    translation: en,
    submissions: submissions.en,
  },
  fr: {
    translation: fr,
    submissions: submissions.fr,
  },
} as const;

void i18n.use(numbersInTexts).use(initReactI18next).init({
  resources,
  lng: getStoredLanguage(),
  fallbackLng: 'en',
  defaultNS: 'translation',
  interpolation,
  returnNull: false,
});

document.documentElement.lang = i18n.language;

export { i18n };
