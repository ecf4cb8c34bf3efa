import { CheckCircleTwoTone, MinusCircleOutlined } from '@ant-design/icons';
import type { TeamPackage } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';

/** What the team's package allows, one line per gate. */
export function PackageSummary({ pkg }: { pkg: TeamPackage }) {
  const { t } = useTranslation();
  const rows = [
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
        size: pkg.mass_emails_batch_size_limit,
        batches: pkg.mass_emails_batches_per_month,
      }),
    },
    { key: 'tags', isOn: pkg.max_tags > 0, text: t('dashboard.packageTags', { count: pkg.max_tags }) },
  ];
  return (
    <ul className="sl-package-list">
      {rows.map((row) => (
        <li key={row.key} className="sl-package-line">
          {row.isOn ? (
            <CheckCircleTwoTone twoToneColor="#52c41a" aria-label={t('dashboard.included')} />
          ) : (
            <MinusCircleOutlined className="sl-muted" aria-label={t('dashboard.notIncluded')} />
          )}
          <span className={row.isOn ? undefined : 'sl-muted'}>{row.text}</span>
        </li>
      ))}
    </ul>
  );
}
