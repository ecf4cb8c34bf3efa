import { createInstance } from 'i18next';
import { beforeAll, describe, expect, it } from 'vitest';
import * as excelImport from '../../features/excel-import/i18n';
import * as items from '../../features/items/i18n';
import * as selections from '../../features/selections/i18n';

const i18n = createInstance();
beforeAll(() =>
  i18n.init({
    resources: {
      en: { excelImport: excelImport.en, items: items.en, selections: selections.en },
      fr: { excelImport: excelImport.fr, items: items.fr, selections: selections.fr },
    },
    lng: 'en',
    interpolation: { escapeValue: false },
  }),
);

/** The text of `key` in `lng`, with these values. */
const text = (lng: string, key: string, values: Record<string, unknown>) =>
  i18n.getFixedT(lng)(key as never, values) as string;

describe('texts about one item or one row', () => {
  it('read in the singular, in both languages', () => {
    expect(text('en', 'selections:bulk.createFrom', { count: 1 })).toBe('New selection from 1 item');
    expect(text('fr', 'selections:bulk.createFrom', { count: 1 })).toBe('Nouvelle sélection avec 1 élément');
    expect(text('en', 'selections:bulk.createFrom', { count: 3 })).toBe('New selection from 3 items');
    expect(text('en', 'items:deleteSelectedConfirm', { count: 1 })).toBe(
      'Delete the selected item? This action cannot be undone.',
    );
    expect(text('fr', 'selections:items.removeConfirm', { count: 1 })).toMatch(/^Retirer l’élément choisi/);
  });

  it('name an import’s rows as "Row 3" or "Rows 2–4", not "Rows …: 3"', () => {
    expect(text('en', 'excelImport:import.skipped', { count: 1, rows: '3' })).toBe(
      'Row 3 was not imported because of its errors.',
    );
    expect(text('en', 'excelImport:import.skipped', { count: 3, rows: '2–4' })).toBe(
      'Rows 2–4 were not imported because of their errors.',
    );
    expect(text('fr', 'excelImport:import.notImported', { count: 1, rows: '5' })).toBe(
      'La ligne 5 n’a pas été importée.',
    );
    expect(text('en', 'excelImport:preview.importValid', { count: 1 })).toBe('Import the valid row');
    expect(text('fr', 'excelImport:file.loaded', { count: 1, name: 'a.xlsx' })).toBe('a.xlsx : 1 ligne');
  });
});
