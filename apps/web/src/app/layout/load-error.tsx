import { Button, Result } from 'antd';
import { useTranslation } from 'react-i18next';

/** Generic failure of a page's data, with a retry. */
export function LoadError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <Result
      status="warning"
      title={t('common.error')}
      extra={
        onRetry ? (
          <Button type="primary" onClick={onRetry}>
            {t('common.retry')}
          </Button>
        ) : undefined
      }
    />
  );
}
