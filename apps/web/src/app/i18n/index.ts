import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import * as answering from '../../features/answering/i18n';
import * as emails from '../../features/emails/i18n';
import * as formRespond from '../../features/form-respond/i18n';
import { en } from './en';
import { fr } from './fr';
import { getStoredLanguage } from './language';

/**
 * The shell's texts in 'translation'; each feature keeps its own in a namespace beside its pages. Here
 * the public pages' (they load alone, app/public-app.tsx; `emails` for the unsubscribe page); the
 * signed-in app adds the others (admin-resources.ts).
 */
export const resources = {
  en: {
    translation: en,
    answering: answering.en,
    emails: emails.en,
    formRespond: formRespond.en,
  },
  fr: {
    translation: fr,
    answering: answering.fr,
    emails: emails.fr,
    formRespond: formRespond.fr,
  },
} as const;

void i18n.use(initReactI18next).init({
  resources,
  lng: getStoredLanguage(),
  fallbackLng: 'en',
  defaultNS: 'translation',
  interpolation: { escapeValue: false },
  returnNull: false,
});

document.documentElement.lang = i18n.language;

export { i18n };
