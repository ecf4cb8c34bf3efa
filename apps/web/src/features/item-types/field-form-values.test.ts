import { BUDGET_DEFAULT_LINES, type DatumField, datumFieldCreateSchema } from '@shortlist/contract';
import { describe, expect, it } from 'vitest';
import { toFieldPayload, toFormValues } from './field-form-values';

const common = {
  id: 7,
  data_model: 3,
  label: 'Pitch deck',
  description: '',
  required: true,
  order: 2,
  on_forms: true,
  on_issues: false,
  identifying: false,
  template_variable_email: null,
  condition: null,
};

describe('field dialog values', () => {
  it('gives a new field the spec defaults, which the contract accepts once labelled', () => {
    const values = toFormValues(null);
    expect(values).toMatchObject({ resourcetype: 'text', response_max_length: 60, max_size_mb: 1 });
    expect(values.mime_types).toEqual(['image/jpeg', 'image/png', 'application/pdf']);
    const payload = toFieldPayload({ ...values, resourcetype: 'file', label: ' Deck ' });
    expect(payload).toEqual({
      label: 'Deck',
      description: '',
      required: false,
      on_forms: true,
      on_issues: true,
      identifying: false,
      resourcetype: 'file',
      mime_types: ['image/jpeg', 'image/png', 'application/pdf'],
      max_size_bytes: 1048576,
    });
    expect(datumFieldCreateSchema.safeParse(payload).success).toBe(true);
  });

  it('sends only the inputs of the chosen type, trimmed as the server stores them', () => {
    const values = {
      ...toFormValues(null),
      resourcetype: 'choice' as const,
      label: 'Sector',
      template_variable_email: '  my   sector ',
      options: [{ label: ' Food ' }, { label: 'Health' }],
    };
    expect(toFieldPayload(values)).toMatchObject({
      resourcetype: 'choice',
      template_variable_email: 'my sector',
      options: [{ label: 'Food' }, { label: 'Health' }],
    });
    expect(toFieldPayload(values)).not.toHaveProperty('mime_types');
    expect(toFieldPayload({ ...values, template_variable_email: '   ' })).toMatchObject({
      template_variable_email: null,
    });
  });

  it('reads an existing file field back, its size in megabytes', () => {
    const field: DatumField = {
      ...common,
      resourcetype: 'file',
      mime_types: ['application/pdf'],
      max_size_bytes: 2.5 * 1024 * 1024,
    };
    const values = toFormValues(field);
    expect(values).toMatchObject({
      label: 'Pitch deck',
      on_issues: false,
      identifying: false,
      mime_types: ['application/pdf'],
    });
    expect(values.max_size_mb).toBe(2.5);
    expect(toFieldPayload(values)).toMatchObject({ max_size_bytes: 2.5 * 1024 * 1024, required: true });
  });

  it('sends a text format, with bounds only for numbers, and reads them back', () => {
    const values = { ...toFormValues(null), label: 'Turnover', format: 'number' as const, number_min: 0 };
    const payload = toFieldPayload(values);
    expect(payload).toMatchObject({ format: 'number', number_min: 0, number_max: null });
    expect(datumFieldCreateSchema.safeParse(payload).success).toBe(true);
    expect(toFieldPayload({ ...values, format: 'email' })).toMatchObject({
      format: 'email',
      number_min: null,
      number_max: null,
    });
    const field: DatumField = {
      ...common,
      resourcetype: 'text',
      response_max_length: 20,
      format: 'number',
      number_min: 1,
      number_max: 9,
    };
    expect(toFormValues(field)).toMatchObject({ format: 'number', number_min: 1, number_max: 9 });
  });

  it('starts a new budget without lines, which it stores as none (not as the default lines)', () => {
    const values = { ...toFormValues(null, 'fr'), resourcetype: 'custom' as const, label: 'Budget' };
    expect(values.currency).toBe('€');
    expect([values.expenses, values.income]).toEqual([[], []]);
    const untouched = toFieldPayload(values, 'fr');
    expect(untouched).toMatchObject({ json_config: { currency: '€', expenses: [], income: [] } });
    expect(datumFieldCreateSchema.safeParse(untouched).success).toBe(true);
  });

  it("edits a budget's currency and lines, its default lines in the form's language kept as null", () => {
    const defaults = BUDGET_DEFAULT_LINES.fr.expenses.map((label) => ({ label }));
    const values = {
      ...toFormValues(null, 'fr'),
      resourcetype: 'custom' as const,
      label: 'Budget',
      expenses: defaults,
    };
    const edited = toFieldPayload({ ...values, currency: ' CHF ', income: [{ label: ' Job ' }] }, 'fr');
    expect(edited).toMatchObject({ json_config: { currency: 'CHF', expenses: null, income: ['Job'] } });
    const field: DatumField = {
      ...common,
      resourcetype: 'custom',
      type: 'budget',
      json_config: { currency: 'CHF', income: ['Job'] },
    };
    expect(toFormValues(field, 'en')).toMatchObject({
      currency: 'CHF',
      income: [{ label: 'Job' }],
      expenses: expect.arrayContaining([{ label: 'Housing' }]),
    });
  });
});
