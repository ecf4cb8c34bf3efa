import { Alert, Button, Card, Form, Input, Result, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CaptchaWidget } from '../../app/captcha/captcha-widget';
import { PageSpin } from '../../app/layout/page-spin';
import { useDocumentTitle } from '../../app/layout/use-document-title';
import { TeamHeader } from './team-header';
import { usePublicLink } from './use-public-link';
import './answering.css';

/** `/selection/:id/public`: a stranger asks for their personal link to a public selection. */
export function PublicPage() {
  const { id } = useParams();
  const { t } = useTranslation('answering');
  const flow = usePublicLink(Number(id) || 0);
  const { info, step } = flow;
  useDocumentTitle(info.data?.title);

  if (info.isPending) return <PageSpin />;
  if (!info.data)
    return <Result status="warning" title={t('public.unavailable')} data-testid="public-unavailable" />;
  return (
    <div className="sl-answer-page">
      <TeamHeader image={info.data.team_img} header={info.data.team_custom_header} />
      <Typography.Title level={2}>{info.data.title}</Typography.Title>
      {info.data.description && (
        <Typography.Paragraph className="sl-pre-line">{info.data.description}</Typography.Paragraph>
      )}
      <Card>
        {flow.error && (
          <Alert
            type="error"
            showIcon
            title={flow.error}
            className="sl-card-gap"
            data-testid="public-error"
          />
        )}
        {step === 'captcha' && !info.data.captcha && <Spin data-testid="public-unlocking" />}
        {step === 'captcha' && info.data.captcha && (
          <Spin spinning={flow.isSending}>
            <Typography.Paragraph>{t('public.captchaStep')}</Typography.Paragraph>
            <CaptchaWidget onChange={flow.handleCaptcha} resetKey={flow.captchaKey} />
          </Spin>
        )}
        {step === 'email' && (
          <EmailStep
            initial={flow.email}
            isLinkMailed={info.data.email_link}
            isSending={flow.isSending}
            onSubmit={flow.submitEmail}
          />
        )}
        {step === 'sent' && (
          <Result
            status="success"
            title={t('public.emailSent', { email: flow.email })}
            data-testid="public-sent"
          />
        )}
      </Card>
    </div>
  );
}

function EmailStep({
  initial,
  isLinkMailed,
  isSending,
  onSubmit,
}: {
  initial: string;
  isLinkMailed: boolean;
  isSending: boolean;
  onSubmit(email: string): void;
}) {
  const { t } = useTranslation('answering');
  return (
    <Form
      layout="vertical"
      initialValues={{ email: initial }}
      onFinish={(values: { email: string }) => onSubmit(values.email.trim())}
    >
      <Typography.Paragraph>
        {isLinkMailed ? t('public.emailStep') : t('public.emailStepNoLink')}
      </Typography.Paragraph>
      <Form.Item
        name="email"
        label={t('public.email')}
        rules={[{ required: true, type: 'email', message: t('public.emailInvalid') }]}
      >
        <Input type="email" autoComplete="email" autoFocus data-testid="public-email" />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={isSending} data-testid="public-submit">
        {isLinkMailed ? t('public.getLink') : t('public.start')}
      </Button>
    </Form>
  );
}
