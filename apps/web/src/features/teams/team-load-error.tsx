import { Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { StatusResult } from '../../lib/layout/status-result';

/** Shown when the workspace cannot be loaded for another reason than a missing right. */
export function TeamLoadError() {
  const { t } = useTranslation();
  return (
    <StatusResult
      status="error"
      title={t('team.loadError')}
      subTitle={t('team.refreshHint')}
      extra={
        <Button type="primary" onClick={() => window.location.reload()}>
          {t('common.refresh')}
        </Button>
      }
    />
  );
}
