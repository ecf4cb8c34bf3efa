import { DEFAULT_TEAM_PACKAGE, type TeamPackage } from '@shortlist/contract';
import { createInstance } from 'i18next';
import { describe, expect, it } from 'vitest';
import { en } from '../../lib/i18n/en';
import { fr } from '../../lib/i18n/fr';
import { packageLines } from './package-lines';

/** The shell's real catalogues in a fresh i18next, as the app loads them. */
async function translator(language: 'en' | 'fr') {
  const i18n = createInstance();
  await i18n.init({
    resources: { en: { translation: en }, fr: { translation: fr } },
    lng: language,
    interpolation: { escapeValue: false },
  });
  return i18n.t;
}

const textOf = (pkg: Partial<TeamPackage>, t: Awaited<ReturnType<typeof translator>>) =>
  Object.fromEntries(
    packageLines({ ...DEFAULT_TEAM_PACKAGE, ...pkg }, t).map((line) => [line.key, line.text]),
  );

describe('package lines', () => {
  it('says one batch, one e-mail and one tag in the singular, in English and French', async () => {
    const one = {
      mass_emails_batch_size_limit: 1,
      mass_emails_batches_per_month: 1,
      max_tags: 1,
    };
    expect(textOf(one, await translator('en'))).toMatchObject({
      emails: 'Mass e-mails (1 e-mail per batch, 1 batch per month)',
      tags: 'Up to 1 tag',
    });
    expect(textOf(one, await translator('fr'))).toMatchObject({
      emails: 'E-mails groupés (1 e-mail par envoi, 1 envoi par mois)',
      tags: 'Jusqu’à 1 étiquette',
    });
  });

  it('says several in the plural, each count with its own', async () => {
    const several = { mass_emails_batch_size_limit: 500, mass_emails_batches_per_month: 1, max_tags: 20 };
    expect(textOf(several, await translator('en'))).toMatchObject({
      emails: 'Mass e-mails (500 e-mails per batch, 1 batch per month)',
      tags: 'Up to 20 tags',
    });
    expect(textOf({ ...several, mass_emails_batches_per_month: 4 }, await translator('fr'))).toMatchObject({
      emails: 'E-mails groupés (500 e-mails par envoi, 4 envois par mois)',
      tags: 'Jusqu’à 20 étiquettes',
    });
  });
});
