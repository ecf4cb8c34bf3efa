import { LoginOutlined } from '@ant-design/icons';
import { Button, Divider } from 'antd';
import { useTranslation } from 'react-i18next';
import { ssoStartHref } from './api';
import { useSsoProviders } from './use-sso-providers';
import './resources';

/** One button per identity provider above the password form; nothing when the server has none. */
export function SsoButtons({ next }: { next: string }) {
  const { t } = useTranslation('sso');
  const providers = useSsoProviders();
  if (!providers.data?.length) return null;
  return (
    <nav aria-label={t('providers')} className="sl-sso-buttons">
      {providers.data.map((provider) => (
        <Button
          key={provider.name}
          href={ssoStartHref(provider.name, next)}
          size="large"
          block
          icon={<LoginOutlined />}
          data-testid={`sso-${provider.name}`}
        >
          {t('signInWith', { label: provider.label })}
        </Button>
      ))}
      <Divider plain>{t('or')}</Divider>
    </nav>
  );
}
