import {
  type DatumField,
  type DatumFieldCreate,
  type IntakeForm,
  proposedTitleField,
} from '@shortlist/contract';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useShowSaveError } from '../item-types/use-save-error';
import { CONDITION_FIELD, CONDITION_VALUE, type ConditionValues } from './condition-picker';
import type { FormMutations } from './use-form';
import './resources';

/** The id of the condition "field equals value" of the form: created, or the equivalent one that exists. */
async function resolveCondition(
  form: IntakeForm,
  mutations: FormMutations,
  { fieldId, value, onReused }: { fieldId: number; value: string; onReused: () => void },
) {
  const existing = form.datum_field_conditions.find(
    (condition) => condition.datum_field === fieldId && condition.value === value,
  );
  if (existing) return existing.id;
  try {
    const created = await mutations.createCondition.mutateAsync({
      fieldId,
      input: { form: form.id, comparison: 'equals', value },
    });
    return created.id;
  } catch (error) {
    const body = error instanceof ApiError ? (error.body as { id?: unknown }) : null;
    if (error instanceof ApiError && error.code === 'ALREADY_EXISTS' && typeof body?.id === 'number') {
      onReused();
      return body.id;
    }
    throw error;
  }
}

/** Saves a question from the dialog: the field first, then its condition ("show only when"). */
export function useSaveQuestion(form: IntakeForm, mutations: FormMutations) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const showSaveError = useShowSaveError();

  return async (editing: DatumField | null, payload: DatumFieldCreate, values: ConditionValues) => {
    try {
      const field = editing
        ? await mutations.updateField.mutateAsync({ fieldId: editing.id, patch: payload })
        : await mutations.createField.mutateAsync(payload);
      const referenced = values[CONDITION_FIELD] ?? null;
      const value = values[CONDITION_VALUE]?.trim() ?? '';
      const onReused = () => void message.info(t('condition.alreadyExists'));
      const condition =
        referenced && value
          ? await resolveCondition(form, mutations, { fieldId: referenced, value, onReused })
          : null;
      if (condition !== field.condition) {
        await mutations.updateField.mutateAsync({ fieldId: field.id, patch: { condition } });
      }
      // The server made the new question the responses' title by the same rule: say so, and where to change it.
      const fields = [...form.data_model.datum_fields, field];
      if (!editing && proposedTitleField(form.title_field, fields, field) !== null) {
        void message.info(t('titleField.proposed', { label: field.label }), 8);
      } else {
        void message.success(tc('common.saved'));
      }
      return true;
    } catch (error) {
      showSaveError(error);
      return false;
    }
  };
}

/** The dialog's starting condition values for a question. */
export function toConditionValues(form: IntakeForm, field: DatumField | null): ConditionValues {
  const condition = form.datum_field_conditions.find((candidate) => candidate.id === field?.condition);
  return { [CONDITION_FIELD]: condition?.datum_field ?? null, [CONDITION_VALUE]: condition?.value ?? '' };
}
