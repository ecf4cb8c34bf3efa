import { AFTER_SUBMIT_MESSAGE_MAX_LENGTH, type IntakeForm } from '@shortlist/contract';
import { App, Button, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentTeam } from '../teams/team-context';
import { useFormMutations } from './use-form';
import './resources';

/** The message respondents read once their answers are sent. */
export function AfterSubmitMessage({ form }: { form: IntakeForm }) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const team = useCurrentTeam();
  const { update } = useFormMutations(team.id, form);

  return (
    <Form<{ after_submit_message: string }>
      layout="vertical"
      style={{ maxWidth: 720 }}
      initialValues={{ after_submit_message: form.after_submit_message }}
      onFinish={(values) =>
        update.mutate(values, {
          onSuccess: () => void message.success(tc('common.saved')),
          onError: () => void message.error(tc('common.error')),
        })
      }
    >
      <Form.Item
        name="after_submit_message"
        label={t('notifications.afterSubmitMessage')}
        extra={t('notifications.afterSubmitHint')}
        rules={[{ max: AFTER_SUBMIT_MESSAGE_MAX_LENGTH }]}
      >
        <Input.TextArea
          autoSize={{ minRows: 4, maxRows: 12 }}
          maxLength={AFTER_SUBMIT_MESSAGE_MAX_LENGTH}
          showCount
          data-testid="after-submit-message"
        />
      </Form.Item>
      <Button type="primary" htmlType="submit" loading={update.isPending}>
        {tc('common.save')}
      </Button>
    </Form>
  );
}
