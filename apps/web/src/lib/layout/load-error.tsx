import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusResult } from './status-result';

/** Generic failure of a page's data, with a retry. */
export function LoadError({ onRetry }: { onRetry?: () => void }) {
  const { t } = useTranslation();
  return (
    <StatusResult
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
