import {
  BUDGET_CATEGORIES,
  BUDGET_DEFAULT_CURRENCY,
  BUDGET_DEFAULT_LINES,
  type BudgetCategory,
  type BudgetConfig,
  budgetConfigLines,
  type DatumField,
  type DatumFieldCreate,
  type DatumFieldType,
  FILE_MAX_SIZE_DEFAULT_BYTES,
  type FileMimeType,
  type Language,
  NEW_FILE_FIELD_MIME_TYPES,
  normalizeTemplateVariable,
  readBudgetConfig,
  TEXT_MAX_LENGTH_DEFAULT,
  type TextFormat,
} from '@shortlist/contract';

export const BYTES_PER_MB = 1024 * 1024;

/** The field dialog's values: every type's inputs, of which only the chosen type's are sent. */
export interface FieldFormValues {
  resourcetype: DatumFieldType;
  label: string;
  description?: string;
  required: boolean;
  on_forms: boolean;
  on_issues: boolean;
  /** The answer names who sent the item: hidden from judges when a selection hides who sent it. */
  identifying: boolean;
  template_variable_email?: string | null;
  response_max_length?: number;
  format?: TextFormat | null;
  number_min?: number | null;
  number_max?: number | null;
  multiple?: boolean;
  radio?: boolean;
  options?: { label: string }[];
  mime_types?: FileMimeType[];
  max_size_mb?: number;
  /** A budget's currency and the labels of its lines. */
  currency?: string;
  expenses?: { label: string }[];
  income?: { label: string }[];
}

const NEW_FIELD: FieldFormValues = {
  resourcetype: 'text',
  label: '',
  description: '',
  required: false,
  on_forms: true,
  on_issues: true,
  identifying: false,
  template_variable_email: '',
  response_max_length: TEXT_MAX_LENGTH_DEFAULT,
  format: null,
  number_min: null,
  number_max: null,
  multiple: false,
  radio: false,
  options: [{ label: '' }, { label: '' }],
  mime_types: NEW_FILE_FIELD_MIME_TYPES,
  max_size_mb: FILE_MAX_SIZE_DEFAULT_BYTES / BYTES_PER_MB,
};

/** A budget's settings as the dialog edits them: its lines, or the default ones in `language`. */
function budgetFormValues(config: BudgetConfig, language: Language) {
  const lines = (category: BudgetCategory) =>
    budgetConfigLines(config, category, language).map((label) => ({ label }));
  return {
    currency: config.currency ?? BUDGET_DEFAULT_CURRENCY,
    expenses: lines('expenses'),
    income: lines('income'),
  };
}

/**
 * A new field's defaults, or an existing field's values over them. A new budget starts without lines:
 * the admin writes theirs or takes the default ones (decision 172). A stored budget without lines of its
 * own shows the default lines its respondents get, in `language`: the form's for a question, the
 * interface's for an item type's field.
 */
export function toFormValues(field: DatumField | null, language: Language = 'en'): FieldFormValues {
  if (!field) return { ...NEW_FIELD, ...budgetFormValues({ expenses: [], income: [] }, language) };
  const values: FieldFormValues = {
    ...NEW_FIELD,
    resourcetype: field.resourcetype,
    label: field.label,
    description: field.description,
    required: field.required,
    on_forms: field.on_forms,
    on_issues: field.on_issues,
    identifying: field.identifying,
    template_variable_email: field.template_variable_email ?? '',
  };
  switch (field.resourcetype) {
    case 'text':
      return {
        ...values,
        response_max_length: field.response_max_length,
        format: field.format,
        number_min: field.number_min,
        number_max: field.number_max,
      };
    case 'choice':
      return { ...values, multiple: field.multiple, radio: field.radio, options: field.options };
    case 'file':
      return {
        ...values,
        mime_types: field.mime_types as FileMimeType[],
        max_size_mb: field.max_size_bytes / BYTES_PER_MB,
      };
    case 'custom':
      return { ...values, ...budgetFormValues(readBudgetConfig(field.json_config), language) };
  }
}

/**
 * The budget's settings to store: the lines as written, or null where they are the default lines of
 * `language`, so that they follow the form if its language changes.
 */
function budgetConfigPayload(values: FieldFormValues, language: Language): BudgetConfig {
  const config: BudgetConfig = { currency: values.currency?.trim() || BUDGET_DEFAULT_CURRENCY };
  for (const category of BUDGET_CATEGORIES) {
    const labels = (values[category] ?? []).map((line) => line.label.trim());
    const defaults = BUDGET_DEFAULT_LINES[language][category];
    const isDefault = labels.length === defaults.length && labels.every((label, i) => label === defaults[i]);
    config[category] = isDefault ? null : labels;
  }
  return config;
}

/** The format and, for numbers only, the bounds (an emptied bound is none). */
function textFormatPayload({ format = null, number_min, number_max }: FieldFormValues) {
  const isNumber = format === 'number';
  return {
    format,
    number_min: isNumber ? (number_min ?? null) : null,
    number_max: isNumber ? (number_max ?? null) : null,
  };
}

/** The request body for the chosen type, trimmed as the server stores it. */
export function toFieldPayload(values: FieldFormValues, language: Language = 'en'): DatumFieldCreate {
  const common = {
    label: values.label.trim(),
    description: values.description ?? '',
    required: values.required,
    on_forms: values.on_forms,
    on_issues: values.on_issues,
    identifying: values.identifying,
  };
  const variable = normalizeTemplateVariable(values.template_variable_email ?? '') || null;
  switch (values.resourcetype) {
    case 'text':
      return {
        ...common,
        resourcetype: 'text',
        template_variable_email: variable,
        response_max_length: values.response_max_length,
        ...textFormatPayload(values),
      };
    case 'choice':
      return {
        ...common,
        resourcetype: 'choice',
        template_variable_email: variable,
        multiple: values.multiple,
        radio: values.radio,
        options: (values.options ?? []).map((option) => ({ label: option.label.trim() })),
      };
    case 'file':
      return {
        ...common,
        resourcetype: 'file',
        mime_types: values.mime_types,
        max_size_bytes: Math.round((values.max_size_mb ?? 0) * BYTES_PER_MB),
      };
    case 'custom':
      return {
        ...common,
        resourcetype: 'custom',
        type: 'budget',
        json_config: budgetConfigPayload(values, language),
      };
  }
}
