import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';

/** Says that a closed selection takes no more answers. */
export function ClosedBanner() {
  const { t } = useTranslation('selections');
  return <Alert type="warning" showIcon title={t('manage.closedBanner')} data-testid="issue-closed-banner" />;
}
