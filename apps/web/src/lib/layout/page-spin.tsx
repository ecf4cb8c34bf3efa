import { Spin } from 'antd';
import { useTranslation } from 'react-i18next';

/** Centered spinner for a page whose data is loading. */
export function PageSpin() {
  const { t } = useTranslation();
  return (
    <div className="sl-page-spin" role="status" aria-live="polite">
      <Spin size="large" description={t('common.loading')} />
    </div>
  );
}
