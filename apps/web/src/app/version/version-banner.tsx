import { Alert, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { isVersionMismatch, useServerVersion } from '../../lib/version/version-store';

/** Asks for a refresh when the server runs another major or minor version than this client. */
export function VersionBanner() {
  const { t } = useTranslation();
  const serverVersion = useServerVersion();
  if (!isVersionMismatch(serverVersion)) return null;
  return (
    <Alert
      banner
      type="warning"
      title={t('app.versionMismatch')}
      action={
        <Button size="small" onClick={() => window.location.reload()}>
          {t('common.refresh')}
        </Button>
      }
      data-testid="version-banner"
    />
  );
}
