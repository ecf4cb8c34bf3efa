import { type IntakeForm, TITLE_FIELD_EMAIL } from '@shortlist/contract';
import { App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormMutations } from './use-form';

/** Which answer names each response: the e-mail (0) or a text or choice question. */
export function TitleFieldSelect({ form, mutations }: { form: IntakeForm; mutations: FormMutations }) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const options = [
    { value: TITLE_FIELD_EMAIL, label: t('titleField.email') },
    ...form.data_model.datum_fields
      .filter((field) => field.resourcetype === 'text' || field.resourcetype === 'choice')
      .map((field) => ({ value: field.id, label: field.label })),
  ];
  return (
    <Form.Item label={t('titleField.label')} extra={t('titleField.hint')} layout="vertical">
      <Select
        value={form.title_field}
        options={options}
        style={{ maxWidth: 400 }}
        loading={mutations.update.isPending}
        onChange={(value: number) =>
          mutations.update.mutate(
            { title_field: value },
            {
              onSuccess: () => void message.success(tc('common.saved')),
              onError: () => void message.error(tc('common.error')),
            },
          )
        }
        aria-label={t('titleField.label')}
        data-testid="title-field-select"
      />
    </Form.Item>
  );
}
