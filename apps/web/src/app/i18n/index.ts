import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import * as excelImport from '../../features/excel-import/i18n';
import * as itemTypes from '../../features/item-types/i18n';
import * as items from '../../features/items/i18n';
import * as reviews from '../../features/reviews/i18n';
import { en } from './en';
import { fr } from './fr';
import { getStoredLanguage } from './language';

/** The shell's texts in 'translation'; each feature keeps its own in a namespace beside its pages. */
export const resources = {
  en: {
    translation: en,
    excelImport: excelImport.en,
    itemTypes: itemTypes.en,
    items: items.en,
    reviews: reviews.en,
  },
  fr: {
    translation: fr,
    excelImport: excelImport.fr,
    itemTypes: itemTypes.fr,
    items: items.fr,
    reviews: reviews.fr,
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
