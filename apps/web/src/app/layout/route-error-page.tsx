import { Button, Spin } from 'antd';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';
import { StatusResult } from '../../lib/layout/status-result';
import { isChunkLoadError, isReloadingOntoNewBuild } from '../version/chunk-reload';

/**
 * Last resort when a page crashes while rendering. A page of an older build that the server no longer
 * has is no crash: the tab is reloading onto the new build, or (if it just did) asks for a refresh.
 */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();
  if (isReloadingOntoNewBuild()) {
    return (
      <StatusResult
        status="warning"
        icon={<Spin size="large" />}
        title={t('app.reloadingNewVersion')}
        data-testid="reloading-new-version"
      />
    );
  }
  if (isChunkLoadError(error)) {
    return (
      <StatusResult
        status="warning"
        title={t('app.pageNotLoaded')}
        subTitle={t('app.pageNotLoadedHint')}
        extra={
          <Button type="primary" onClick={() => window.location.reload()}>
            {t('common.refresh')}
          </Button>
        }
      />
    );
  }
  return (
    <StatusResult
      status="error"
      title={t('common.error')}
      extra={
        <Button type="primary" onClick={() => window.location.assign('/')}>
          {t('common.backHome')}
        </Button>
      }
    />
  );
}
