import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Last resort when a page crashes while rendering. */
export function RouteErrorPage() {
  const { t } = useTranslation();
  return (
    <Result
      status="500"
      title={t('common.error')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
