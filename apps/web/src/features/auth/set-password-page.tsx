import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { AskResetForm } from './ask-reset-form';
import { AuthCard } from './auth-card';
import { NewPasswordForm } from './new-password-form';

/** `/setPassword`: asks for a link, or with `token` and `email` (and optional `next`) sets the password. */
export function SetPasswordPage() {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const token = params.get('token');
  const email = params.get('email') ?? '';

  return (
    <AuthCard title={token ? t('resetPassword.setTitle') : t('resetPassword.askTitle')}>
      {token ? (
        <NewPasswordForm token={token} email={email} next={params.get('next')} />
      ) : (
        <AskResetForm initialEmail={email} />
      )}
      <div className="sl-auth-links">
        <Link to="/login">{t('resetPassword.backToLogin')}</Link>
      </div>
    </AuthCard>
  );
}
