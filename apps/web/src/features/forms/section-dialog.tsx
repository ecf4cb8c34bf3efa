import {
  FORM_SECTION_BODY_MAX_LENGTH,
  FORM_SECTION_TEXT_MAX_LENGTH,
  type FormSection,
} from '@shortlist/contract';
import { App, Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { toFormErrors } from '../../lib/api-errors';
import type { FormMutations } from './use-form';
import './resources';

const FORM_ID = 'form-section-form';

interface SectionValues {
  text: string;
  body: string;
}

export interface SectionTarget {
  /** The section to edit, or null to place a new one at `position`. */
  section: FormSection | null;
  position: number;
  linkedTo: number | null;
}

interface SectionDialogProps {
  formId: number;
  target: SectionTarget | null;
  mutations: FormMutations;
  onClose: () => void;
}

/** Creates or edits a section title (a heading and a text) above a question. */
export function SectionDialog({ formId, target, mutations, onClose }: SectionDialogProps) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<SectionValues>();
  const isSaving = mutations.createSection.isPending || mutations.updateSection.isPending;

  useEffect(() => {
    if (target) form.setFieldsValue({ text: target.section?.text ?? '', body: target.section?.body ?? '' });
  }, [target, form]);

  const handleError = (error: unknown) => {
    if (error instanceof ApiError && error.code === 'ALREADY_EXISTS') {
      void message.error(t('section.alreadyExists'));
      return;
    }
    const errors = toFormErrors(error, ['text', 'body'] as const);
    if (errors) form.setFields(errors.fields);
    void message.error(tc(errors ? 'common.verifyFields' : 'common.error'));
  };

  const handleFinish = ({ text, body }: SectionValues) => {
    if (!target) return;
    const options = {
      onSuccess: () => {
        void message.success(tc('common.saved'));
        onClose();
      },
      onError: handleError,
    };
    const values = { text: text.trim(), body: body ?? '' };
    if (target.section) mutations.updateSection.mutate({ id: target.section.id, patch: values }, options);
    else {
      mutations.createSection.mutate(
        { ...values, form: formId, position: target.position, linked_to_df: target.linkedTo },
        options,
      );
    }
  };

  // Not pre-rendered (no forceRender): antd gives Esc to the last pre-rendered dialog, hidden or not,
  // which would take the key from the question dialog.
  return (
    <Modal
      open={target !== null}
      title={target?.section ? t('section.editTitle') : t('section.createTitle')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      okText={tc('common.save')}
      cancelText={tc('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: isSaving }}
    >
      <Form<SectionValues> id={FORM_ID} form={form} layout="vertical" onFinish={handleFinish}>
        <Form.Item
          name="text"
          label={t('section.text')}
          rules={[
            { required: true, whitespace: true, message: t('section.textRequired') },
            { max: FORM_SECTION_TEXT_MAX_LENGTH },
          ]}
        >
          <Input maxLength={FORM_SECTION_TEXT_MAX_LENGTH} autoFocus data-testid="section-text" />
        </Form.Item>
        <Form.Item name="body" label={t('section.body')} rules={[{ max: FORM_SECTION_BODY_MAX_LENGTH }]}>
          <Input.TextArea
            autoSize={{ minRows: 2, maxRows: 8 }}
            maxLength={FORM_SECTION_BODY_MAX_LENGTH}
            showCount
            data-testid="section-body"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
