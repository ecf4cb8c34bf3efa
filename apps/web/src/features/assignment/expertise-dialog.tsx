import { EXPERTISE_TEXT_MAX_LENGTH, type Expertise } from '@shortlist/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useAssignmentMutations } from './use-assignment';
import './resources';

const FORM_ID = 'expertise-form';

/** An admin reads and rewrites one judge's expertise (the judge's own words, or seeded). */
export function ExpertiseDialog({
  issueId,
  judge,
  onClose,
}: {
  issueId: number;
  judge: Expertise | null;
  onClose(): void;
}) {
  const { t } = useTranslation('assignment');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ text: string }>();
  const { saveExpertise } = useAssignmentMutations(issueId);
  const who = judge ? judge.name || judge.email : '';

  return (
    <Modal
      open={judge !== null}
      title={t('expertise.editTitle', { judge: who })}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      okText={t('expertise.save')}
      cancelText={t('common.cancel', { ns: 'translation' })}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: saveExpertise.isPending }}
      destroyOnHidden
    >
      {judge && (
        <Form<{ text: string }>
          id={FORM_ID}
          form={form}
          layout="vertical"
          initialValues={{ text: judge.text }}
          onFinish={({ text }) =>
            saveExpertise.mutate(
              { user: judge.user, text: text.trim() },
              {
                onSuccess: () => {
                  void message.success(t('expertise.saved'));
                  onClose();
                },
                onError: () => void message.error(t('expertise.saveFailed')),
              },
            )
          }
        >
          <Form.Item name="text" label={t('expertise.text')} extra={t('expertise.textHelp')}>
            <Input.TextArea
              autoSize={{ minRows: 4, maxRows: 12 }}
              maxLength={EXPERTISE_TEXT_MAX_LENGTH}
              showCount
              data-testid="expertise-edit-text"
            />
          </Form.Item>
        </Form>
      )}
    </Modal>
  );
}
