import { PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@shortlist/contract';
import { useMutation } from '@tanstack/react-query';
import { Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { resetPassword } from './api';
import { toServerMessages } from './error-messages';
import { ServerMessages } from './server-messages';

interface NewPasswordValues {
  email: string;
  new_password: string;
  confirmation: string;
}

/** With a token: sets the new password, then shows the success page. */
export function NewPasswordForm({
  token,
  email,
  next,
}: {
  token: string;
  email: string;
  next: string | null;
}) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const reset = useMutation({ mutationFn: resetPassword });

  const handleFinish = ({ email: address, new_password }: NewPasswordValues) => {
    const trimmed = address.trim();
    reset.mutate(
      { email: trimmed, token, new_password },
      {
        onSuccess: () => {
          const query = new URLSearchParams({ email: trimmed });
          if (next) query.set('next', next);
          navigate(`/resetPasswordSuccess?${query}`, { replace: true });
        },
      },
    );
  };

  return (
    <Form<NewPasswordValues>
      layout="vertical"
      requiredMark={false}
      initialValues={{ email, new_password: '', confirmation: '' }}
      onFinish={handleFinish}
    >
      {reset.isError && <ServerMessages messages={toServerMessages(reset.error, t('common.error'))} />}
      <Form.Item
        name="email"
        label={t('resetPassword.email')}
        rules={[
          { required: true, message: t('resetPassword.emailRequired') },
          { type: 'email', message: t('resetPassword.emailInvalid') },
        ]}
      >
        <Input inputMode="email" autoComplete="username" readOnly={!!email} size="large" />
      </Form.Item>
      <Form.Item
        name="new_password"
        label={t('resetPassword.newPassword')}
        rules={[
          { required: true, message: t('resetPassword.newPasswordRequired') },
          {
            min: PASSWORD_MIN_LENGTH,
            max: PASSWORD_MAX_LENGTH,
            message: t('resetPassword.passwordLength', {
              min: PASSWORD_MIN_LENGTH,
              max: PASSWORD_MAX_LENGTH,
            }),
          },
        ]}
      >
        <Input.Password autoComplete="new-password" autoFocus size="large" />
      </Form.Item>
      <Form.Item
        name="confirmation"
        label={t('resetPassword.confirmPassword')}
        dependencies={['new_password']}
        rules={[
          { required: true, message: t('resetPassword.confirmRequired') },
          ({ getFieldValue }) => ({
            validator: (_, value: string) =>
              !value || getFieldValue('new_password') === value
                ? Promise.resolve()
                : Promise.reject(new Error(t('resetPassword.mismatch'))),
          }),
        ]}
      >
        <Input.Password autoComplete="new-password" size="large" />
      </Form.Item>
      <Button type="primary" htmlType="submit" size="large" block loading={reset.isPending}>
        {t('resetPassword.submit')}
      </Button>
    </Form>
  );
}
