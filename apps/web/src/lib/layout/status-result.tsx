import { CloseCircleFilled, ExclamationCircleFilled } from '@ant-design/icons';
import type { ReactNode } from 'react';

interface StatusResultProps {
  status: 'warning' | 'error';
  /** Instead of the status's icon (a spinner while the page reloads). */
  icon?: ReactNode;
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  'data-testid'?: string;
}

/**
 * The shell's failure screens (a page's data, the team, a crash) drawn as Ant Design's Result draws its
 * warning and error statuses, without its module: that one carries the three illustrations of its 403,
 * 404 and 500 statuses, which every admin page would download to show none of them (styles.css).
 */
export function StatusResult({ status, icon, title, subTitle, extra, ...rest }: StatusResultProps) {
  return (
    <div className={`sl-result sl-result-${status}`} data-testid={rest['data-testid']}>
      <div className="sl-result-icon" aria-hidden="true">
        {icon ?? (status === 'warning' ? <ExclamationCircleFilled /> : <CloseCircleFilled />)}
      </div>
      <div className="sl-result-title">{title}</div>
      {subTitle && <div className="sl-result-subtitle">{subTitle}</div>}
      {extra && <div className="sl-result-extra">{extra}</div>}
    </div>
  );
}
