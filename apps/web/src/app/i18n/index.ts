import i18n from 'i18next';
import { initReactI18next } from 'react-i18next';
import * as answering from '../../features/answering/i18n';
import * as dashboard from '../../features/dashboard/i18n';
import * as emails from '../../features/emails/i18n';
import * as excelImport from '../../features/excel-import/i18n';
import * as formRespond from '../../features/form-respond/i18n';
import * as forms from '../../features/forms/i18n';
import * as itemTypes from '../../features/item-types/i18n';
import * as items from '../../features/items/i18n';
import * as judges from '../../features/judges/i18n';
import * as members from '../../features/members/i18n';
import * as merges from '../../features/merges/i18n';
import * as reports from '../../features/reports/i18n';
import * as reviews from '../../features/reviews/i18n';
import * as selections from '../../features/selections/i18n';
import * as tags from '../../features/tags/i18n';
import * as webhooks from '../../features/webhooks/i18n';
import { en } from './en';
import { fr } from './fr';
import { getStoredLanguage } from './language';

/** The shell's texts in 'translation'; each feature keeps its own in a namespace beside its pages. */
export const resources = {
  en: {
    translation: en,
    answering: answering.en,
    dashboard: dashboard.en,
    emails: emails.en,
    excelImport: excelImport.en,
    forms: forms.en,
    formRespond: formRespond.en,
    itemTypes: itemTypes.en,
    items: items.en,
    judges: judges.en,
    members: members.en,
    merges: merges.en,
    reports: reports.en,
    reviews: reviews.en,
    selections: selections.en,
    tags: tags.en,
    webhooks: webhooks.en,
  },
  fr: {
    translation: fr,
    answering: answering.fr,
    dashboard: dashboard.fr,
    emails: emails.fr,
    excelImport: excelImport.fr,
    forms: forms.fr,
    formRespond: formRespond.fr,
    itemTypes: itemTypes.fr,
    items: items.fr,
    judges: judges.fr,
    members: members.fr,
    merges: merges.fr,
    reports: reports.fr,
    reviews: reviews.fr,
    selections: selections.fr,
    tags: tags.fr,
    webhooks: webhooks.fr,
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
