import type { TeamPackage } from '@shortlist/contract';
import type { TFunction } from 'i18next';

export interface PackageLine {
  key: string;
  isOn: boolean;
  text: string;
}

/** What the team's package allows, one line per gate, each count with its singular or plural. */
export function packageLines(pkg: TeamPackage, t: TFunction): PackageLine[] {
  return [
    {
      key: 'merge',
      isOn: pkg.can_merge_issues,
      text: t('dashboard.packageMerge', { count: pkg.nb_issues_in_merge }),
    },
    { key: 'public', isOn: pkg.public_issues, text: t('dashboard.packagePublic') },
    { key: 'budget', isOn: pkg.datum_field_custom_type_budget, text: t('dashboard.packageBudget') },
    {
      key: 'emails',
      isOn: pkg.mass_emails,
      text: t('dashboard.packageMassEmails', {
        perBatch: t('dashboard.emailsPerBatch', { count: pkg.mass_emails_batch_size_limit }),
        perMonth: t('dashboard.batchesPerMonth', { count: pkg.mass_emails_batches_per_month }),
      }),
    },
    { key: 'tags', isOn: pkg.max_tags > 0, text: t('dashboard.packageTags', { count: pkg.max_tags }) },
  ];
}
