import {
  DATUM_FIELD_TYPES,
  type DatumField,
  type DatumFieldCreate,
  FIELD_DESCRIPTION_MAX_LENGTH,
  FIELD_LABEL_MAX_LENGTH,
  FIELD_LABEL_MIN_LENGTH,
  type Language,
  normalizeTemplateVariable,
  TEMPLATE_VARIABLE_MAX_LENGTH,
  TEMPLATE_VARIABLE_PATTERN,
  toLanguage,
} from '@shortlist/contract';
import { Form, Input, Select, Space, Switch } from 'antd';
import { type ReactNode, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { FormDialog } from '../../lib/layout/form-dialog';
import { type FieldFormValues, toFieldPayload, toFormValues } from './field-form-values';
import { FieldTypeInputs } from './field-type-inputs';
import './resources';

interface FieldDialogProps {
  /** The field to edit; null to create one. */
  field: DatumField | null;
  isOpen: boolean;
  isSaving: boolean;
  canUseBudget: boolean;
  /** The form values as well: inputs added through `children` travel there. */
  onSave: (payload: DatumFieldCreate, values: FieldFormValues & Record<string, unknown>) => void;
  onClose: () => void;
  /** More inputs at the end of the dialog (a form's condition picker), with their starting values. */
  children?: ReactNode;
  extraValues?: Record<string, unknown>;
  /** A form's question may be longer than an item type's field. */
  labelMaxLength?: number;
  /** The language of a budget's default lines: the form's for a question, else the interface's. */
  language?: Language;
}

/** Creates or edits a field; the type is chosen once, at creation. */
export function FieldDialog(props: FieldDialogProps) {
  const { field, isOpen, isSaving, canUseBudget, onSave, onClose, children, extraValues } = props;
  const labelMaxLength = props.labelMaxLength ?? FIELD_LABEL_MAX_LENGTH;
  const { t } = useTranslation('itemTypes');
  const { t: tc, i18n } = useTranslation();
  const language = props.language ?? toLanguage(i18n.language);
  const [form] = Form.useForm<FieldFormValues>();
  const type = (Form.useWatch('resourcetype', form) ?? 'text') as FieldFormValues['resourcetype'];
  const hasTemplateVariable = type === 'text' || type === 'choice';

  // Before the dialog paints: set later, the values would undo a first click (lib/layout/form-dialog.tsx).
  useLayoutEffect(() => {
    if (isOpen) form.setFieldsValue({ ...toFormValues(field, language), ...extraValues });
  }, [isOpen, field, form, extraValues, language]);

  const typeOptions = DATUM_FIELD_TYPES.map((value) => ({
    value,
    label: t(`types.${value}`),
    disabled: value === 'custom' && !canUseBudget && field?.resourcetype !== 'custom',
    title: value === 'custom' && !canUseBudget ? t('fieldDialog.budgetNotIncluded') : undefined,
  }));

  return (
    <FormDialog
      open={isOpen}
      onClose={onClose}
      form={form}
      onFinish={(values) =>
        onSave(toFieldPayload(values, language), values as FieldFormValues & Record<string, unknown>)
      }
      isSaving={isSaving}
      formProps={{ initialValues: toFormValues(null, language) }}
      title={field ? t('fieldDialog.editTitle') : t('fieldDialog.createTitle')}
      okText={tc('common.save')}
      width={640}
      forceRender
    >
      <Form.Item
        name="resourcetype"
        label={t('fieldDialog.type')}
        extra={field ? t('fieldDialog.typeFixed') : undefined}
      >
        <Select options={typeOptions} disabled={field !== null} data-testid="field-type" />
      </Form.Item>
      <Form.Item
        name="label"
        label={t('fieldDialog.label')}
        rules={[
          { required: true, whitespace: true, message: t('fieldDialog.labelRequired') },
          {
            min: FIELD_LABEL_MIN_LENGTH,
            max: labelMaxLength,
            transform: (value: string) => value?.trim(),
            message: t('fieldDialog.labelLength', {
              min: FIELD_LABEL_MIN_LENGTH,
              max: labelMaxLength,
            }),
          },
        ]}
      >
        <Input maxLength={labelMaxLength} showCount autoFocus data-testid="field-label" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('fieldDialog.description')}
        rules={[
          {
            max: FIELD_DESCRIPTION_MAX_LENGTH,
            message: t('fieldDialog.descriptionLength', { max: FIELD_DESCRIPTION_MAX_LENGTH }),
          },
        ]}
      >
        <Input.TextArea autoSize={{ minRows: 2, maxRows: 6 }} maxLength={FIELD_DESCRIPTION_MAX_LENGTH} />
      </Form.Item>
      <Space size="large" wrap>
        <Form.Item name="required" label={t('fieldDialog.required')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="on_forms" label={t('fieldDialog.onForms')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="on_issues" label={t('fieldDialog.onIssues')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item
          name="identifying"
          label={t('fieldDialog.identifying')}
          tooltip={t('fieldDialog.identifyingHint')}
          valuePropName="checked"
        >
          <Switch data-testid="field-identifying" />
        </Form.Item>
      </Space>
      {hasTemplateVariable && (
        <Form.Item
          name="template_variable_email"
          label={t('fieldDialog.templateVariable')}
          extra={t('fieldDialog.templateVariableHint')}
          normalize={(value: string) => value.replace(/ {2,}/g, ' ')}
          rules={[
            {
              validator: async (_, value: string | undefined) => {
                const variable = normalizeTemplateVariable(value ?? '');
                if (
                  variable.length > TEMPLATE_VARIABLE_MAX_LENGTH ||
                  !TEMPLATE_VARIABLE_PATTERN.test(variable)
                ) {
                  throw new Error(
                    t('fieldDialog.templateVariableRule', { max: TEMPLATE_VARIABLE_MAX_LENGTH }),
                  );
                }
              },
            },
          ]}
        >
          <Input maxLength={TEMPLATE_VARIABLE_MAX_LENGTH} data-testid="field-template-variable" />
        </Form.Item>
      )}
      <FieldTypeInputs type={type} language={language} />
      {children}
    </FormDialog>
  );
}
