import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import {
  BUDGET_CATEGORIES,
  BUDGET_CURRENCY_MAX_LENGTH,
  BUDGET_DEFAULT_LINES,
  BUDGET_LABEL_MAX_LENGTH,
  BUDGET_MAX_LINES,
  type BudgetCategory,
  CHOICE_MIN_OPTIONS,
  CHOICE_OPTION_MAX_LENGTH,
  type DatumFieldType,
  FILE_MAX_SIZE_CAP_BYTES,
  FILE_MAX_SIZE_DEFAULT_BYTES,
  FILE_MIME_TYPES,
  type Language,
  TEXT_FORMATS,
  TEXT_MAX_LENGTH_DEFAULT,
  TEXT_MAX_LENGTH_MAX,
  TEXT_MAX_LENGTH_MIN,
  TEXT_MAX_LENGTH_STEP,
  type TextFormat,
} from '@shortlist/contract';
import { Button, Checkbox, Flex, Form, Input, InputNumber, Select, Space, Switch } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';
import { BYTES_PER_MB } from './field-form-values';
import './resources';
import { useFormat } from '../../lib/i18n/format';

const MIME_TYPE_NAMES: Record<(typeof FILE_MIME_TYPES)[number], string> = {
  'application/pdf': 'PDF',
  'image/png': 'PNG',
  'image/jpeg': 'JPEG',
};
const MIN_SIZE_MB = 0.01;
const MAX_SIZE_MB = FILE_MAX_SIZE_CAP_BYTES / BYTES_PER_MB;

/** A required number within bounds, and the message that names them. */
const numberRange = (
  type: 'integer' | 'number',
  min: number,
  max: number,
  message: (bounds: { min: number; max: number }) => string,
): Rule => ({ required: true, type, min, max, message: message({ min, max }) });

/** The inputs that only one field type has, with the contract's limits; a budget's lines in `language`. */
export function FieldTypeInputs({ type, language }: { type: DatumFieldType; language: Language }) {
  if (type === 'text') return <TextInputs />;
  if (type === 'choice') return <ChoiceInputs />;
  if (type === 'file') return <FileInputs />;
  return <BudgetInputs language={language} />;
}

function TextInputs() {
  const { t } = useTranslation('itemTypes');
  const format = Form.useWatch('format') as TextFormat | null | undefined;
  return (
    <>
      <Form.Item
        name="response_max_length"
        label={t('fieldDialog.responseMaxLength')}
        extra={t('fieldDialog.responseMaxLengthHint', {
          default: TEXT_MAX_LENGTH_DEFAULT,
          max: TEXT_MAX_LENGTH_MAX,
        })}
        rules={[
          numberRange('integer', TEXT_MAX_LENGTH_MIN, TEXT_MAX_LENGTH_MAX, (bounds) =>
            t('fieldDialog.responseMaxLengthRule', bounds),
          ),
        ]}
      >
        <InputNumber
          min={TEXT_MAX_LENGTH_MIN}
          max={TEXT_MAX_LENGTH_MAX}
          step={TEXT_MAX_LENGTH_STEP}
          precision={0}
          data-testid="field-max-length"
        />
      </Form.Item>
      <Form.Item name="format" label={t('fieldDialog.format')} extra={t('fieldDialog.formatHint')}>
        <Select
          allowClear
          placeholder={t('fieldDialog.formats.any')}
          options={TEXT_FORMATS.map((value) => ({ value, label: t(`fieldDialog.formats.${value}`) }))}
          style={{ maxWidth: 320 }}
          data-testid="field-format"
        />
      </Form.Item>
      {format === 'number' && <NumberBounds />}
    </>
  );
}

/** The optional bounds of a number answer; the maximum may not be below the minimum. */
function NumberBounds() {
  const { t } = useTranslation('itemTypes');
  const notBelowMin = ({ getFieldValue }: { getFieldValue: (name: string) => unknown }) => ({
    validator: async (_: unknown, max: number | null | undefined) => {
      const min = getFieldValue('number_min') as number | null | undefined;
      if (typeof min === 'number' && typeof max === 'number' && max < min)
        throw new Error(t('fieldDialog.numberBoundsOrder'));
    },
  });
  return (
    <Space size="large" wrap>
      <Form.Item name="number_min" label={t('fieldDialog.numberMin')}>
        <InputNumber placeholder={t('fieldDialog.noBound')} />
      </Form.Item>
      <Form.Item
        name="number_max"
        label={t('fieldDialog.numberMax')}
        dependencies={['number_min']}
        rules={[notBelowMin]}
      >
        <InputNumber placeholder={t('fieldDialog.noBound')} />
      </Form.Item>
    </Space>
  );
}

function ChoiceInputs() {
  const { t } = useTranslation('itemTypes');
  const isMultiple = Form.useWatch('multiple') as boolean | undefined;
  const uniqueOptions = async (_: unknown, options: { label?: string }[] | undefined) => {
    const labels = (options ?? []).map((option) => option?.label?.trim() ?? '');
    if (labels.length < CHOICE_MIN_OPTIONS)
      throw new Error(t('fieldDialog.optionsMin', { min: CHOICE_MIN_OPTIONS }));
    if (new Set(labels).size !== labels.length) throw new Error(t('fieldDialog.optionsUnique'));
  };
  return (
    <>
      <Space size="large" wrap>
        <Form.Item name="multiple" label={t('fieldDialog.multiple')} valuePropName="checked">
          <Switch />
        </Form.Item>
        <Form.Item name="radio" label={t('fieldDialog.radio')} valuePropName="checked">
          <Switch disabled={isMultiple} />
        </Form.Item>
      </Space>
      <Form.List name="options" rules={[{ validator: uniqueOptions }]}>
        {(items, { add, remove }, { errors }) => (
          <Form.Item label={t('fieldDialog.options')} required>
            {items.map((item, index) => (
              <div key={item.key} style={{ display: 'flex', gap: 8, alignItems: 'baseline' }}>
                <Form.Item
                  name={[item.name, 'label']}
                  style={{ flex: 1 }}
                  rules={[
                    { required: true, whitespace: true, message: t('fieldDialog.optionRequired') },
                    {
                      max: CHOICE_OPTION_MAX_LENGTH,
                      message: t('fieldDialog.optionLength', { max: CHOICE_OPTION_MAX_LENGTH }),
                    },
                  ]}
                >
                  <Input
                    aria-label={t('fieldDialog.option', { number: index + 1 })}
                    placeholder={t('fieldDialog.option', { number: index + 1 })}
                    maxLength={CHOICE_OPTION_MAX_LENGTH}
                    data-testid={`field-option-${index}`}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('fieldDialog.removeOption', { number: index + 1 })}
                  disabled={items.length <= CHOICE_MIN_OPTIONS}
                  onClick={() => remove(item.name)}
                />
              </div>
            ))}
            <Button type="dashed" icon={<PlusOutlined />} onClick={() => add({ label: '' })}>
              {t('fieldDialog.addOption')}
            </Button>
            <Form.ErrorList errors={errors} />
          </Form.Item>
        )}
      </Form.List>
    </>
  );
}

function FileInputs() {
  const { decimalSeparator } = useFormat();
  const { t } = useTranslation('itemTypes');
  return (
    <>
      <Form.Item
        name="mime_types"
        label={t('fieldDialog.mimeTypes')}
        rules={[{ required: true, type: 'array', min: 1, message: t('fieldDialog.mimeTypesRequired') }]}
      >
        <Checkbox.Group
          options={FILE_MIME_TYPES.map((type) => ({ value: type, label: MIME_TYPE_NAMES[type] }))}
        />
      </Form.Item>
      <Form.Item
        name="max_size_mb"
        label={t('fieldDialog.maxSize')}
        extra={t('fieldDialog.maxSizeHint', {
          default: FILE_MAX_SIZE_DEFAULT_BYTES / BYTES_PER_MB,
          max: MAX_SIZE_MB,
        })}
        rules={[
          numberRange('number', MIN_SIZE_MB, MAX_SIZE_MB, (bounds) => t('fieldDialog.maxSizeRule', bounds)),
        ]}
      >
        <InputNumber
          min={MIN_SIZE_MB}
          max={MAX_SIZE_MB}
          step={0.5}
          decimalSeparator={decimalSeparator}
          data-testid="field-max-size"
        />
      </Form.Item>
    </>
  );
}

/** A budget's lines of one category: each label required, at most BUDGET_MAX_LINES of them. */
function BudgetLines({ category }: { category: BudgetCategory }) {
  const { t } = useTranslation('itemTypes');
  const title = t(`fieldDialog.budget.${category}`);
  return (
    <Form.List name={category}>
      {(items, { add, remove }) => (
        <Form.Item label={title} style={{ flex: '1 1 260px', minWidth: 0 }}>
          <Flex vertical gap={4} data-testid={`budget-config-${category}`}>
            {items.map((item, index) => (
              <Flex key={item.key} gap={4} align="baseline">
                <Form.Item
                  name={[item.name, 'label']}
                  style={{ flex: 1, marginBottom: 0 }}
                  rules={[
                    { required: true, whitespace: true, message: t('fieldDialog.budget.lineRequired') },
                    {
                      max: BUDGET_LABEL_MAX_LENGTH,
                      message: t('fieldDialog.budget.lineLength', { max: BUDGET_LABEL_MAX_LENGTH }),
                    },
                  ]}
                >
                  <Input
                    aria-label={t('fieldDialog.budget.line', { category: title, number: index + 1 })}
                    maxLength={BUDGET_LABEL_MAX_LENGTH}
                  />
                </Form.Item>
                <Button
                  type="text"
                  icon={<DeleteOutlined />}
                  aria-label={t('fieldDialog.budget.removeLine', { number: index + 1 })}
                  title={t('fieldDialog.budget.removeLine', { number: index + 1 })}
                  onClick={() => remove(item.name)}
                />
              </Flex>
            ))}
            <Button
              type="dashed"
              icon={<PlusOutlined />}
              disabled={items.length >= BUDGET_MAX_LINES}
              title={
                items.length >= BUDGET_MAX_LINES
                  ? t('fieldDialog.budget.tooManyLines', { count: BUDGET_MAX_LINES })
                  : undefined
              }
              onClick={() => add({ label: '' })}
            >
              {t('fieldDialog.budget.addLine')}
            </Button>
          </Flex>
        </Form.Item>
      )}
    </Form.List>
  );
}

/** A budget's currency and the lines respondents start with; the default lines are in `language`. */
function BudgetInputs({ language }: { language: Language }) {
  const { t } = useTranslation('itemTypes');
  const form = Form.useFormInstance();
  const useDefaults = () =>
    form.setFieldsValue(
      Object.fromEntries(
        BUDGET_CATEGORIES.map((category) => [
          category,
          BUDGET_DEFAULT_LINES[language][category].map((label) => ({ label })),
        ]),
      ),
    );
  return (
    <>
      <Form.Item
        name="currency"
        label={t('fieldDialog.budget.currency')}
        rules={[
          {
            required: true,
            whitespace: true,
            max: BUDGET_CURRENCY_MAX_LENGTH,
            message: t('fieldDialog.budget.currencyRule', { max: BUDGET_CURRENCY_MAX_LENGTH }),
          },
        ]}
      >
        <Input
          maxLength={BUDGET_CURRENCY_MAX_LENGTH}
          style={{ width: 120 }}
          data-testid="budget-config-currency"
        />
      </Form.Item>
      <Form.Item extra={t('fieldDialog.budget.linesHint')} style={{ marginBottom: 8 }}>
        <Button onClick={useDefaults} data-testid="budget-config-defaults">
          {t('fieldDialog.budget.resetLines')}
        </Button>
      </Form.Item>
      <Flex gap={16} wrap>
        {BUDGET_CATEGORIES.map((category) => (
          <BudgetLines key={category} category={category} />
        ))}
      </Flex>
    </>
  );
}
