import { useMutation } from '@tanstack/react-query';
import { Alert, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { askResetPassword } from './api';
import { toServerMessages } from './error-messages';
import { ServerMessages } from './server-messages';

/** Without a token: asks for the account's e-mail and sends it a reset link. */
export function AskResetForm({ initialEmail }: { initialEmail: string }) {
  const { t } = useTranslation();
  const ask = useMutation({ mutationFn: askResetPassword });

  if (ask.isSuccess) {
    return <Alert type="success" showIcon role="status" title={t('resetPassword.sent')} />;
  }
  return (
    <Form<{ email: string }>
      layout="vertical"
      requiredMark={false}
      initialValues={{ email: initialEmail }}
      onFinish={(values) => ask.mutate(values.email.trim())}
    >
      <p>{t('resetPassword.askIntro')}</p>
      {ask.isError && <ServerMessages messages={toServerMessages(ask.error, t('common.error'))} />}
      <Form.Item
        name="email"
        label={t('resetPassword.email')}
        rules={[
          { required: true, message: t('resetPassword.emailRequired') },
          { type: 'email', message: t('resetPassword.emailInvalid') },
        ]}
      >
        <Input inputMode="email" autoComplete="email" autoFocus size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={ask.isPending}>
        {t('resetPassword.send')}
      </Button>
    </Form>
  );
}
