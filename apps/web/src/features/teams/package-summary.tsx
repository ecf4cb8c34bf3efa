import { CheckCircleTwoTone, MinusCircleOutlined } from '@ant-design/icons';
import type { TeamPackage } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import { packageLines } from './package-lines';
import './plan-note-i18n';

/** What the team's package allows, one line per gate, and why budget questions or mass e-mails may be off. */
export function PackageSummary({ pkg }: { pkg: TeamPackage }) {
  const { t } = useTranslation();
  const rows = packageLines(pkg, t);
  const isMissing = !pkg.datum_field_custom_type_budget || !pkg.mass_emails;
  return (
    <>
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
      {isMissing && (
        <p className="sl-muted" data-testid="plan-note">
          {t('missing', { ns: 'planNote' })}
        </p>
      )}
    </>
  );
}
