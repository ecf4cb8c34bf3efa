import {
  FORM_TITLE_MAX_LENGTH,
  type IntakeForm,
  LANGUAGES,
  type Language,
  MAX_PAGE_SIZE,
} from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import { App, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { fetchItemTypes } from '../item-types/api';
import { useFormListMutations } from './use-forms';
import './resources';

const FORM_ID = 'create-form-form';

interface CreateFormValues {
  title: string;
  language_code: Language;
  /** The item type whose questions the form starts with; null: none. */
  data_model: number | null;
}

interface CreateFormDialogProps {
  teamId: number;
  isOpen: boolean;
  onClose: () => void;
  onCreated: (form: IntakeForm) => void;
}

/**
 * Creates a private form from its title and language, empty or with a copy of an item type's questions;
 * its page opens next to add or change them.
 */
export function CreateFormDialog({ teamId, isOpen, onClose, onCreated }: CreateFormDialogProps) {
  const { t, i18n } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<CreateFormValues>();
  const { create } = useFormListMutations(teamId);
  const itemTypes = useQuery({
    queryKey: ['forms', 'starting-types', teamId],
    queryFn: ({ signal }) =>
      fetchItemTypes(teamId, { offset: 0, limit: MAX_PAGE_SIZE, showLinked: true }, signal),
    enabled: isOpen,
    select: (page) => page.results.filter((type) => type.datum_fields.length > 0),
  });

  const handleFinish = (values: CreateFormValues) =>
    create.mutate(
      {
        team: teamId,
        title: values.title.trim(),
        language_code: values.language_code,
        data_model: values.data_model,
      },
      {
        onSuccess: (created) => {
          void message.success(tc('common.saved'));
          onClose();
          onCreated(created);
        },
        onError: (error) => {
          const errors = toFormErrors(error, ['title', 'language_code', 'data_model'] as const);
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
        initialValues={{ language_code: i18n.language === 'fr' ? 'fr' : 'en', data_model: null }}
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
        <Form.Item
          name="data_model"
          label={t('createDialog.questions')}
          extra={t('createDialog.questionsHelp')}
        >
          <Select
            loading={itemTypes.isPending}
            options={[
              { value: null, label: t('createDialog.noQuestions') },
              ...(itemTypes.data ?? []).map((type) => ({
                value: type.id,
                label: t('createDialog.questionsOf', { title: type.label, count: type.datum_fields.length }),
              })),
            ]}
            showSearch={{ optionFilterProp: 'label' }}
            data-testid="form-questions-select"
          />
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
