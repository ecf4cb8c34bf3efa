import {
  EDIT_LINK_VARIABLE,
  type IntakeForm,
  RESPONDENT_EMAIL_CONTENT_MAX_LENGTH,
  RESPONDENT_EMAIL_SUBJECT_MAX_LENGTH,
  SUMMARY_MARKER,
} from '@shortlist/contract';
import { App, Button, Form, Input, Switch } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentTeam } from '../teams/team-context';
import { useFormMutations } from './use-form';
import './resources';

interface RespondentValues {
  active: boolean;
  subject: string;
  content: string;
}

/** What the body may write, read when the e-mail is sent (mails.ts on the server). */
function BodyVariables() {
  const { t } = useTranslation('forms');
  return (
    <div data-testid="respondent-variables">
      {t('notifications.variables')}
      <ul style={{ margin: '2px 0 0', paddingInlineStart: 20 }}>
        <li>
          <code>{SUMMARY_MARKER}</code> {t('notifications.summaryVariable')}
        </li>
        <li>
          <code>{EDIT_LINK_VARIABLE}</code> {t('notifications.editLinkVariable')}
        </li>
      </ul>
    </div>
  );
}

/** The confirmation e-mail to the respondent; when on, its subject and body are required. */
export function RespondentNotifications({ form }: { form: IntakeForm }) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const team = useCurrentTeam();
  const { update } = useFormMutations(team.id, form);
  const [antForm] = Form.useForm<RespondentValues>();
  const isActive = Form.useWatch('active', antForm) ?? form.respondent_email_active;
  const requiredWhenActive = [{ required: isActive, whitespace: true, message: tc('common.verifyFields') }];

  const handleFinish = ({ active, subject, content }: RespondentValues) =>
    update.mutate(
      {
        respondent_email_active: active,
        respondent_email_include_recap: content.includes(SUMMARY_MARKER),
        respondent_email_template: { subject, content, html_content: '' },
      },
      {
        onSuccess: () => void message.success(tc('common.saved')),
        onError: () => void message.error(tc('common.verifyFields')),
      },
    );

  return (
    <Form<RespondentValues>
      form={antForm}
      layout="vertical"
      style={{ maxWidth: 720 }}
      initialValues={{
        active: form.respondent_email_active,
        subject: form.respondent_email_template.subject,
        content: form.respondent_email_template.content,
      }}
      onFinish={handleFinish}
      onFinishFailed={() => void message.warning(tc('common.verifyFields'))}
    >
      <Form.Item
        name="active"
        label={t('notifications.respondentActive')}
        extra={t('notifications.respondentActiveHint')}
        valuePropName="checked"
      >
        <Switch data-testid="respondent-active" />
      </Form.Item>
      <Form.Item
        name="subject"
        label={t('notifications.subject')}
        rules={[...requiredWhenActive, { max: RESPONDENT_EMAIL_SUBJECT_MAX_LENGTH }]}
      >
        <Input maxLength={RESPONDENT_EMAIL_SUBJECT_MAX_LENGTH} showCount data-testid="respondent-subject" />
      </Form.Item>
      <Form.Item
        name="content"
        label={t('notifications.body')}
        extra={<BodyVariables />}
        rules={requiredWhenActive}
      >
        <Input.TextArea
          autoSize={{ minRows: 5, maxRows: 16 }}
          maxLength={RESPONDENT_EMAIL_CONTENT_MAX_LENGTH}
          data-testid="respondent-content"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending} data-testid="respondent-save">
        {tc('common.save')}
      </Button>
    </Form>
  );
}
