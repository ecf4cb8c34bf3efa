import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en, fr } from './i18n';

/** The mailing texts in a fresh i18next, as the app loads them (namespace 'emails'). */
async function translator(language: 'en' | 'fr') {
  const i18n = createInstance();
  await i18n.init({
    resources: { en: { emails: en }, fr: { emails: fr } },
    lng: language,
    ns: ['emails'],
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const KEYS = [
  'emails:batch.send',
  'emails:batch.sendConfirm',
  'emails:batch.notRendered',
  'emails:bulk.title',
  'emails:bulk.tooMany',
] as const;

describe('mailing texts with a count', () => {
  it('say one e-mail, one item in the singular and several in the plural, in English', async () => {
    const t = await translator('en');
    expect(KEYS.map((key) => t(key, { count: 1 }))).toEqual([
      'Send 1 e-mail',
      'Send 1 e-mail now? This cannot be undone.',
      '1 e-mail could not be rendered and will not be sent: the preview says why.',
      'Mass e-mail to 1 item',
      'Your plan sends at most 1 e-mail in a mailing.',
    ]);
    expect(KEYS.map((key) => t(key, { count: 3 }))).toEqual([
      'Send 3 e-mails',
      'Send 3 e-mails now? This cannot be undone.',
      '3 e-mails could not be rendered and will not be sent: the preview says why.',
      'Mass e-mail to 3 items',
      'Your plan sends at most 3 e-mails in a mailing.',
    ]);
  });

  it('and in French', async () => {
    const t = await translator('fr');
    expect(KEYS.map((key) => t(key, { count: 1 }))).toEqual([
      'Envoyer 1 e-mail',
      'Envoyer 1 e-mail maintenant ? Impossible de revenir en arrière.',
      '1 e-mail n’a pas pu être généré et ne sera pas envoyé : l’aperçu dit pourquoi.',
      'E-mail groupé à 1 élément',
      'Votre offre envoie au plus 1 e-mail par envoi.',
    ]);
    expect(t('emails:batch.send', { count: 3 })).toBe('Envoyer 3 e-mails');
    expect(t('emails:bulk.title', { count: 3 })).toBe('E-mail groupé à 3 éléments');
  });
});
