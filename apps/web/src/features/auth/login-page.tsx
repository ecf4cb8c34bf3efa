import { LockOutlined, UserOutlined } from '@ant-design/icons';
import { isSsoErrorCode, SSO_ERROR_PARAM, type SsoErrorCode, type TokenRequest } from '@shortlist/contract';
import { Alert, Button, Form, Input, Spin } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { safeNextPath } from '../../lib/auth/redirects';
import { SsoButtons } from '../sso/sso-buttons';
import { useSsoReturn } from '../sso/use-sso-return';
import { AuthCard } from './auth-card';
import { ServerMessages } from './server-messages';
import { useSignIn } from './use-sign-in';
import '../sso/resources';

/** `/login?email=…&pwdReset=1&next=…`; an identity provider's return adds `sso_error` or `#sso_code`. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const email = params.get('email') ?? '';
  const isPasswordReset = params.get('pwdReset') === '1';
  const next = safeNextPath(params.get('next'));
  const [hasFailed, setFailed] = useState(false);
  const [isSsoRequired, setSsoRequired] = useState(false);
  const signIn = useSignIn();
  const ssoReturn = useSsoReturn(next);
  const returnedError = params.get(SSO_ERROR_PARAM);
  const ssoFailure: SsoErrorCode | undefined = isSsoRequired
    ? 'SSO_REQUIRED'
    : (ssoReturn.failure ?? (isSsoErrorCode(returnedError) ? returnedError : undefined));

  const handleFinish = (values: TokenRequest) =>
    signIn.mutate(values, {
      onSuccess: () => navigate(next, { replace: true }),
      onError: (error) => {
        if (error instanceof ApiError && error.code === 'SSO_REQUIRED') setSsoRequired(true);
        else setFailed(true);
      },
    });

  if (ssoReturn.isExchanging) {
    return (
      <AuthCard title={t('login.title')}>
        <div className="sl-sso-pending" data-testid="sso-signing-in">
          <Spin description={t('signingIn', { ns: 'sso' })} />
        </div>
      </AuthCard>
    );
  }

  return (
    <AuthCard title={t('login.title')}>
      {ssoFailure && (
        <ServerMessages messages={[t(`errors.${ssoFailure}`, { ns: 'sso' })]} testId="sso-error" />
      )}
      <SsoButtons next={next} />
      {isPasswordReset && (
        <Alert type="success" showIcon className="sl-form-alert" title={t('login.passwordChanged')} />
      )}
      {hasFailed && (
        <Alert
          type="error"
          showIcon
          role="alert"
          className="sl-form-alert"
          title={<span className="sl-capitalize-first">{t('login.failedTitle')}</span>}
          description={t('login.failed')}
          data-testid="login-error"
        />
      )}
      <Form<TokenRequest>
        layout="vertical"
        requiredMark={false}
        initialValues={{ username: email, password: '' }}
        onFinish={handleFinish}
        onFinishFailed={() => setFailed(true)}
        onValuesChange={() => {
          setFailed(false);
          setSsoRequired(false);
        }}
      >
        <Form.Item
          name="username"
          label={t('login.username')}
          rules={[{ required: true, message: t('login.usernameRequired') }]}
        >
          <Input prefix={<UserOutlined />} autoComplete="username" autoFocus={!email} size="large" />
        </Form.Item>
        <Form.Item
          name="password"
          label={t('login.password')}
          rules={[{ required: true, message: t('login.passwordRequired') }]}
        >
          <Input.Password
            prefix={<LockOutlined />}
            autoComplete="current-password"
            autoFocus={!!email}
            size="large"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          size="large"
          block
          loading={signIn.isPending}
          data-testid="login-submit"
        >
          {t('login.submit')}
        </Button>
      </Form>
      <div className="sl-auth-links">
        <Link to={email ? `/setPassword?${new URLSearchParams({ email })}` : '/setPassword'}>
          {t('login.forgotPassword')}
        </Link>
      </div>
    </AuthCard>
  );
}
