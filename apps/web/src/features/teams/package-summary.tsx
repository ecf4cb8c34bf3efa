import { CheckCircleTwoTone, MinusCircleOutlined } from '@ant-design/icons';
import type { TeamPackage } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import { packageLines } from './package-lines';

/** What the team's package allows, one line per gate. */
export function PackageSummary({ pkg }: { pkg: TeamPackage }) {
  const { t } = useTranslation();
  const rows = packageLines(pkg, t);
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
