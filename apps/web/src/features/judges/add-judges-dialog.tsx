import { JUDGES_ADD_MAX } from '@shortlist/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getFieldErrors } from '../../lib/api-errors';
import { parseEmails } from './parse-emails';
import { useJudgeError } from './use-judge-error';
import { useJudgeMutations } from './use-judges';
import './resources';

const FORM_ID = 'add-judges-form';

interface AddJudgesDialogProps {
  issueId: number;
  isOpen: boolean;
  onClose: () => void;
}

/** Adds judges by e-mail, several at once; invalid addresses are named before anything is sent. */
export function AddJudgesDialog({ issueId, isOpen, onClose }: AddJudgesDialogProps) {
  const { t } = useTranslation('judges');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ emails: string }>();
  const { add } = useJudgeMutations(issueId);
  const showError = useJudgeError();

  const handleFinish = ({ emails }: { emails: string }) => {
    const { valid } = parseEmails(emails);
    add.mutate(valid, {
      onSuccess: ({ results }) => {
        const existed = results.filter((result) => result.type === 'EXISTED').length;
        void message.success(t('add.added', { count: results.length - existed }));
        if (existed > 0) void message.info(t('add.existed', { count: existed }));
        onClose();
      },
      onError: (error) => {
        // Refusals are keyed by position (emails.3): name the addresses in the field itself.
        const fields = getFieldErrors(error);
        const refused = Object.entries(fields ?? {}).flatMap(([key, messages]) => {
          const index = Number(key.split('.')[1]);
          return Number.isInteger(index) ? messages.map((text) => `${valid[index]}: ${text}`) : [];
        });
        if (refused.length > 0) form.setFields([{ name: 'emails', errors: refused }]);
        else showError(error, 'add.failed');
      },
    });
  };

  return (
    <Modal
      open={isOpen}
      title={t('add.title')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      okText={t('add.submit')}
      cancelText={t('common.cancel', { ns: 'translation' })}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: add.isPending }}
    >
      <Typography.Paragraph type="secondary">{t('add.intro')}</Typography.Paragraph>
      <Form id={FORM_ID} form={form} layout="vertical" onFinish={handleFinish}>
        <Form.Item
          name="emails"
          label={t('add.label')}
          rules={[
            {
              validator: (_, value: string | undefined) => {
                const { valid, invalid } = parseEmails(value ?? '');
                if (invalid.length > 0)
                  return Promise.reject(new Error(t('add.invalid', { emails: invalid.join(', ') })));
                if (valid.length === 0) return Promise.reject(new Error(t('add.required')));
                if (valid.length > JUDGES_ADD_MAX)
                  return Promise.reject(new Error(t('add.tooMany', { max: JUDGES_ADD_MAX })));
                return Promise.resolve();
              },
            },
          ]}
        >
          <Input.TextArea
            rows={6}
            autoFocus
            placeholder="ann@example.org&#10;bob@example.org"
            data-testid="add-judges-emails"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
