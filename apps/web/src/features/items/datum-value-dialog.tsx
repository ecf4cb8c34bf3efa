import {
  type BudgetResponse,
  CHOICE_RESPONSE_SEPARATOR,
  type Dataset,
  type DatumField,
  type DatumValue,
  type DatumValuePatch,
  emptyBudget,
  type Language,
  readBudget,
  readBudgetConfig,
  textFormatProblem,
  toLanguage,
} from '@shortlist/contract';
import { App, Button, Checkbox, Form, Input, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { getFieldErrors, joinFieldMessages } from '../../lib/api-errors';
import { BudgetInput } from '../answers/budget-input';
import { FileAnswer } from './file-answer';
import { useDatasetMutations } from './use-datasets';
import './resources';

const FORM_ID = 'datum-value-form';

interface DatumValueDialogProps {
  dataset: Dataset;
  field: DatumField;
  value: DatumValue | undefined;
  onClose: () => void;
}

type AnswerValues = { text?: string; choice?: string | string[]; budget?: BudgetResponse };

function initialValues(field: DatumField, value: DatumValue | undefined, language: Language): AnswerValues {
  if (field.resourcetype === 'choice') {
    const chosen = value?.response ? value.response.split(CHOICE_RESPONSE_SEPARATOR) : [];
    return { choice: field.multiple ? chosen : chosen[0] };
  }
  if (field.resourcetype === 'custom') {
    // No answer yet: the question's lines, or the default ones in the admin's language.
    return {
      budget: readBudget(value?.json_response) ?? emptyBudget(readBudgetConfig(field.json_config), language),
    };
  }
  return { text: value?.response ?? '' };
}

function toPatch(field: DatumField, values: AnswerValues): DatumValuePatch {
  if (field.resourcetype === 'choice') {
    const chosen = Array.isArray(values.choice) ? values.choice : values.choice ? [values.choice] : [];
    return { response: chosen.join(CHOICE_RESPONSE_SEPARATOR) };
  }
  if (field.resourcetype === 'custom') return { json_response: values.budget ?? null };
  return { response: values.text ?? '' };
}

function AnswerInput({ field }: { field: DatumField }) {
  const { t } = useTranslation('items');
  if (field.resourcetype === 'choice') {
    const options = field.options.map((option) => ({ value: option.label, label: option.label }));
    const input = field.multiple ? (
      <Checkbox.Group options={options} style={{ flexDirection: 'column' }} />
    ) : field.radio ? (
      <Radio.Group options={options} style={{ display: 'flex', flexDirection: 'column' }} />
    ) : (
      <Select allowClear options={options} placeholder={t('value.choose')} aria-label={field.label} />
    );
    return <Form.Item name="choice">{input}</Form.Item>;
  }
  if (field.resourcetype === 'custom') {
    return (
      <Form.Item name="budget">
        <BudgetAnswerInput />
      </Form.Item>
    );
  }
  // A file is answered by its own widget (the dialog shows `FileAnswer`).
  if (field.resourcetype === 'file') return null;
  return <TextAnswerInput field={field} />;
}

/** The budget's table inside the dialog's form, which gives it its value and takes its changes. */
function BudgetAnswerInput({
  value,
  onChange,
}: {
  value?: BudgetResponse;
  onChange?: (value: BudgetResponse) => void;
}) {
  if (!value) return null;
  return <BudgetInput value={value} onChange={(next) => onChange?.(next)} />;
}

/** A text answer within its field's length; a formatted one on one line, checked as the server checks it. */
function TextAnswerInput({ field }: { field: Extract<DatumField, { resourcetype: 'text' }> }) {
  const { t } = useTranslation('items');
  const max = field.response_max_length;
  const formatRule = {
    validator: async (_: unknown, text: string | undefined) => {
      const problem = textFormatProblem(field, text ?? '');
      if (problem)
        throw new Error(
          t(`value.formatProblems.${problem}`, { min: field.number_min, max: field.number_max }),
        );
    },
  };
  return (
    <Form.Item
      name="text"
      extra={t('value.maxLength', { count: max })}
      rules={field.format ? [formatRule] : undefined}
    >
      {field.format ? (
        <Input maxLength={max} aria-label={field.label} autoFocus data-testid="formatted-answer" />
      ) : (
        <Input.TextArea
          maxLength={max}
          showCount
          autoSize={{ minRows: 3, maxRows: 12 }}
          aria-label={field.label}
          autoFocus
        />
      )}
    </Form.Item>
  );
}

/**
 * Changes one answer, with the input of its field's type. An empty text or choice answer removes
 * the value; a file is uploaded or removed at once, so its dialog has no save button.
 */
export function DatumValueDialog({ dataset, field, value, onClose }: DatumValueDialogProps) {
  const { t, i18n } = useTranslation('items');
  const { message } = App.useApp();
  const [form] = Form.useForm<AnswerValues>();
  const { createValue, patchValue } = useDatasetMutations();
  const isFile = field.resourcetype === 'file';
  const isSaving = createValue.isPending || patchValue.isPending;

  const onSaved = {
    onSuccess: () => {
      void message.success(t('common.saved', { ns: 'translation' }));
      onClose();
    },
    onError: (error: unknown) => {
      const errors = getFieldErrors(error);
      void message.error(errors ? joinFieldMessages(errors) : t('common.error', { ns: 'translation' }), 6);
    },
  };

  const handleFinish = (values: AnswerValues) => {
    const patch = toPatch(field, values);
    if (value) return patchValue.mutate({ id: value.id, patch }, onSaved);
    if (!patch.response && !patch.json_response) return onClose();
    createValue.mutate(
      { data_set: dataset.id, datum_field: field.id, resourcetype: field.resourcetype, ...patch },
      onSaved,
    );
  };

  const footer = isFile
    ? [
        <Button key="close" onClick={onClose}>
          {t('common.close', { ns: 'translation' })}
        </Button>,
      ]
    : undefined;

  return (
    <Modal
      open
      title={t('value.title', { label: field.label })}
      onCancel={onClose}
      width={field.resourcetype === 'custom' ? 760 : 560}
      footer={footer}
      okText={t('common.save', { ns: 'translation' })}
      cancelText={t('common.cancel', { ns: 'translation' })}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: isSaving }}
    >
      {field.description && <p>{field.description}</p>}
      {field.resourcetype === 'file' ? (
        <FileAnswer dataset={dataset} field={field} value={value} />
      ) : (
        <Form<AnswerValues>
          id={FORM_ID}
          form={form}
          layout="vertical"
          initialValues={initialValues(field, value, toLanguage(i18n.language))}
          onFinish={handleFinish}
        >
          <AnswerInput field={field} />
        </Form>
      )}
    </Modal>
  );
}
