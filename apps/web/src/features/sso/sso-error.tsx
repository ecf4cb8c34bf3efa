import type { SsoErrorCode } from '@shortlist/contract';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';

/** Why a sign-in through the provider failed, in the reader's language. */
export function SsoError({ code }: { code: SsoErrorCode }) {
  const { t } = useTranslation('sso');
  return (
    <Alert
      type="error"
      showIcon
      role="alert"
      className="sl-form-alert"
      title={t('errorTitle')}
      description={t(`errors.${code}`)}
      data-testid="sso-error"
    />
  );
}
