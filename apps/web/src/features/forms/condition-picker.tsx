import { CONDITION_VALUE_MAX_LENGTH, type DatumField } from '@shortlist/contract';
import { Form, Input, Select, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';

export const CONDITION_FIELD = 'condition_field';
export const CONDITION_VALUE = 'condition_value';

export type ConditionValues = {
  [CONDITION_FIELD]?: number | null;
  [CONDITION_VALUE]?: string;
};

/** Inside the question dialog: show the question only when another text or choice question has an answer. */
export function ConditionPicker({ questions }: { questions: DatumField[] }) {
  const { t } = useTranslation('forms');
  const form = Form.useFormInstance();
  const fieldId = Form.useWatch(CONDITION_FIELD, form) as number | null | undefined;
  const referenced = questions.find((question) => question.id === fieldId);
  const choices = referenced?.resourcetype === 'choice' ? referenced.options : null;

  return (
    <Form.Item label={t('condition.label')} style={{ marginBottom: 0 }}>
      <Space.Compact block>
        <Form.Item name={CONDITION_FIELD} noStyle>
          <Select
            style={{ width: '50%' }}
            aria-label={t('condition.question')}
            onChange={() => form.setFieldValue(CONDITION_VALUE, undefined)}
            options={[
              { value: null, label: t('condition.always') },
              ...questions.map((question) => ({ value: question.id, label: question.label })),
            ]}
            data-testid="condition-field"
          />
        </Form.Item>
        {referenced && (
          <Form.Item
            name={CONDITION_VALUE}
            noStyle
            rules={[{ required: true, whitespace: true, message: t('condition.valueRequired') }]}
          >
            {choices ? (
              <Select
                style={{ width: '50%' }}
                aria-label={t('condition.value')}
                options={choices.map((option) => ({ value: option.label, label: option.label }))}
                data-testid="condition-value"
              />
            ) : (
              <Input
                style={{ width: '50%' }}
                maxLength={CONDITION_VALUE_MAX_LENGTH}
                aria-label={t('condition.value')}
                data-testid="condition-value"
              />
            )}
          </Form.Item>
        )}
      </Space.Compact>
    </Form.Item>
  );
}
