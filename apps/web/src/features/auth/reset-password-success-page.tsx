import { Result } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ButtonLink } from '../../lib/layout/button-link';
import { useDocumentTitle } from '../../lib/layout/use-document-title';

/** `/resetPasswordSuccess`: leads to the login page with the e-mail prefilled and the notice shown. */
export function ResetPasswordSuccessPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  useDocumentTitle(t('login.passwordChanged'));

  const login = new URLSearchParams({ pwdReset: '1' });
  const email = params.get('email');
  const next = params.get('next');
  if (email) login.set('email', email);
  if (next) login.set('next', next);

  return (
    <div className="sl-auth-page">
      <Result
        status="success"
        title={t('login.passwordChanged')}
        subTitle={t('resetPassword.successText')}
        extra={
          <ButtonLink type="primary" size="large" to={`/login?${login}`} data-testid="go-to-login">
            {t('resetPassword.goToLogin')}
          </ButtonLink>
        }
      />
    </div>
  );
}
