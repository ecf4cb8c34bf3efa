import { Layout, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { CLIENT_VERSION } from '../../lib/config';

export function Footer() {
  const { t } = useTranslation();
  return (
    <Layout.Footer className="sl-footer">
      <Typography.Text type="secondary">
        {t('app.name')} · {t('footer.tagline')} · {t('footer.version', { version: CLIENT_VERSION })}
      </Typography.Text>
    </Layout.Footer>
  );
}
