import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { interpolation, numbersInTexts } from './numbers-in-texts';

const NNBSP = '\u202f';

describe('a number put in a text', () => {
  // Initialised as the app's (i18n/index.ts), with texts of its own.
  const i18n = i18next.createInstance();
  void i18n.use(numbersInTexts).init({
    resources: {
      en: { test: { items_one: '{{count}} item', items_other: '{{count}} items' } },
      fr: {
        test: {
          items_one: '{{count}} élément',
          items_other: '{{count}} éléments',
          named: 'Bonjour {{name}}',
        },
      },
    },
    interpolation,
  });
  // The app's types know its own keys only.
  const translate = i18n.t as unknown as (key: string, options: object) => string;
  const t = (key: string, lng: string, values: Record<string, unknown>) =>
    translate(key, { ns: 'test', lng, ...values });

  it('reads as the language writes it, the plural chosen by the number itself', () => {
    expect(t('items', 'en', { count: 10001 })).toBe('10,001 items');
    expect(t('items', 'fr', { count: 10001 })).toBe(`10${NNBSP}001 éléments`);
    expect(t('items', 'en', { count: 1 })).toBe('1 item');
    expect(t('items', 'fr', { count: 2.5 })).toBe('2,5 éléments');
  });

  it('leaves a text as it was given, digits and all', () => {
    expect(t('named', 'fr', { name: 'Startup 12345' })).toBe('Bonjour Startup 12345');
  });
});
