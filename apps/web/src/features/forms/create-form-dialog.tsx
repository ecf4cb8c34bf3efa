import { FORM_TITLE_MAX_LENGTH, type IntakeForm, LANGUAGES, type Language } from '@shortlist/contract';
import { App, Form, Input, Modal, Radio } from 'antd';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../app/api-errors';
import { useFormListMutations } from './use-forms';
import '../../app/i18n/forms-resources';

const FORM_ID = 'create-form-form';

interface CreateFormValues {
  title: string;
  language_code: Language;
}

interface CreateFormDialogProps {
  teamId: number;
  isOpen: boolean;
  onClose: () => void;
  onCreated: (form: IntakeForm) => void;
}

/** Creates a private form from its title and language; its page opens next to add the questions. */
export function CreateFormDialog({ teamId, isOpen, onClose, onCreated }: CreateFormDialogProps) {
  const { t, i18n } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateFormValues>();
  const { create } = useFormListMutations(teamId);

  const handleFinish = (values: CreateFormValues) =>
    create.mutate(
      { team: teamId, title: values.title.trim(), language_code: values.language_code },
      {
        onSuccess: (created) => {
          void message.success(tc('common.saved'));
          onClose();
          onCreated(created);
        },
        onError: (error) => {
          const errors = toFormErrors(error, ['title', 'language_code'] as const);
          if (errors) form.setFields(errors.fields);
          void message.error(tc('common.error'));
        },
      },
    );

  return (
    <Modal
      open={isOpen}
      title={t('createDialog.title')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      okText={tc('common.create')}
      cancelText={tc('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: create.isPending }}
      forceRender
    >
      <Form<CreateFormValues>
        id={FORM_ID}
        form={form}
        layout="vertical"
        initialValues={{ language_code: i18n.language === 'fr' ? 'fr' : 'en' }}
        onFinish={handleFinish}
      >
        <Form.Item
          name="title"
          label={t('createDialog.name')}
          rules={[
            { required: true, whitespace: true, message: t('createDialog.nameRequired') },
            { max: FORM_TITLE_MAX_LENGTH },
          ]}
        >
          <Input maxLength={FORM_TITLE_MAX_LENGTH} showCount autoFocus data-testid="form-title-input" />
        </Form.Item>
        <Form.Item name="language_code" label={t('createDialog.language')}>
          <Radio.Group
            optionType="button"
            options={LANGUAGES.map((code) => ({ value: code, label: t(`languages.${code}`) }))}
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
