import * as audit from '../../features/audit/i18n';
import * as dashboard from '../../features/dashboard/i18n';
import * as excelImport from '../../features/excel-import/i18n';
import * as forms from '../../features/forms/i18n';
import * as itemTypes from '../../features/item-types/i18n';
import * as items from '../../features/items/i18n';
import * as judges from '../../features/judges/i18n';
import * as members from '../../features/members/i18n';
import * as merges from '../../features/merges/i18n';
import * as reports from '../../features/reports/i18n';
import * as reviews from '../../features/reviews/i18n';
import * as selections from '../../features/selections/i18n';
import * as sso from '../../features/sso/i18n';
import * as tags from '../../features/tags/i18n';
import * as webhooks from '../../features/webhooks/i18n';
import { addResources } from './add-resources';
import './answering-resources';
import './emails-resources';

/**
 * The signed-in app's namespaces, added when the app loads (app/app.tsx), with the public pages' that
 * it also shows: the public pages, opened alone, download only the shell's and their own (index.ts).
 */
export const adminResources = {
  en: {
    audit: audit.en,
    dashboard: dashboard.en,
    excelImport: excelImport.en,
    forms: forms.en,
    itemTypes: itemTypes.en,
    items: items.en,
    judges: judges.en,
    members: members.en,
    merges: merges.en,
    reports: reports.en,
    reviews: reviews.en,
    selections: selections.en,
    sso: sso.en,
    tags: tags.en,
    webhooks: webhooks.en,
  },
  fr: {
    audit: audit.fr,
    dashboard: dashboard.fr,
    excelImport: excelImport.fr,
    forms: forms.fr,
    itemTypes: itemTypes.fr,
    items: items.fr,
    judges: judges.fr,
    members: members.fr,
    merges: merges.fr,
    reports: reports.fr,
    reviews: reviews.fr,
    selections: selections.fr,
    sso: sso.fr,
    tags: tags.fr,
    webhooks: webhooks.fr,
  },
} as const;

addResources(adminResources);
