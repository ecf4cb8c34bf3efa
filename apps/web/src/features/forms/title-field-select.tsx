import { type IntakeForm, TITLE_FIELD_EMAIL } from '@shortlist/contract';
import { Alert, App, Form, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import type { FormMutations } from './use-form';
import './resources';

/**
 * Which answer names each response: the e-mail (0) or a text or choice question. While the e-mail does and
 * a question could, a warning says what that costs: the items list and the judges read addresses.
 */
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
  const isByEmail = form.title_field === TITLE_FIELD_EMAIL && options.length > 1;
  return (
    <Form.Item label={t('titleField.label')} extra={t('titleField.hint')} layout="vertical">
      {isByEmail && (
        <Alert
          type="warning"
          showIcon
          title={t('titleField.byEmail')}
          style={{ marginBottom: 8, maxWidth: 640 }}
          data-testid="title-by-email"
        />
      )}
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
