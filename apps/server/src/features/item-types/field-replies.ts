import type { DatumField, DatumFieldType, TextFormat, TextFormatRules } from '@shortlist/contract';
import type { datumFields } from '../../db/schema/index.ts';

export type DatumFieldRow = typeof datumFields.$inferSelect;

/** A text field's format and bounds as the contract's `textFormatProblem` reads them. */
export const toTextFormatRules = (row: DatumFieldRow): TextFormatRules => ({
  format: row.textFormat as TextFormat | null,
  number_min: row.numberMin,
  number_max: row.numberMax,
});

/** One stored field as the API shows it: the common part and the part of its type. */
export function toDatumField(row: DatumFieldRow): DatumField {
  const common = {
    id: row.id,
    data_model: row.dataModelId,
    label: row.label,
    description: row.description,
    required: row.required,
    order: row.order,
    on_forms: row.onForms,
    on_issues: row.onIssues,
    identifying: row.identifying,
    template_variable_email: row.templateVariableEmail,
    condition: row.conditionId,
  };
  switch (row.resourcetype as DatumFieldType) {
    case 'text':
      return {
        ...common,
        resourcetype: 'text',
        response_max_length: row.responseMaxLength ?? 0,
        ...toTextFormatRules(row),
      };
    case 'choice':
      return {
        ...common,
        resourcetype: 'choice',
        multiple: row.multiple,
        radio: row.radio,
        options: row.options ?? [],
      };
    case 'file':
      return {
        ...common,
        resourcetype: 'file',
        mime_types: row.mimeTypes ?? [],
        max_size_bytes: row.maxSizeBytes ?? 0,
      };
    case 'custom':
      return {
        ...common,
        resourcetype: 'custom',
        type: row.customType ?? '',
        json_config: row.jsonConfig ?? {},
      };
  }
}

/** API field names to table columns, for the parts of a field that a request may set. */
const COLUMNS = {
  label: 'label',
  description: 'description',
  required: 'required',
  order: 'order',
  on_forms: 'onForms',
  on_issues: 'onIssues',
  identifying: 'identifying',
  template_variable_email: 'templateVariableEmail',
  response_max_length: 'responseMaxLength',
  format: 'textFormat',
  number_min: 'numberMin',
  number_max: 'numberMax',
  multiple: 'multiple',
  radio: 'radio',
  options: 'options',
  mime_types: 'mimeTypes',
  max_size_bytes: 'maxSizeBytes',
  type: 'customType',
  json_config: 'jsonConfig',
  condition: 'conditionId',
} as const satisfies Record<string, keyof DatumFieldRow>;

/** The columns to write for the API fields present in `input`; other keys are ignored. */
export function toColumns(input: object): Partial<DatumFieldRow> {
  const columns: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(input)) {
    const column = COLUMNS[key as keyof typeof COLUMNS];
    if (column && value !== undefined) columns[column] = value;
  }
  return columns as Partial<DatumFieldRow>;
}
