import type {
  ConditionCreate,
  DatumFieldCreate,
  DatumFieldPatchInput,
  FieldsOrder,
  FormSectionCreate,
  FormSectionPatch,
  IntakeForm,
  IntakeFormPatch,
} from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { createField, deleteField, reorderFields, updateField } from '../item-types/api';
import {
  createCondition,
  createSection,
  deleteSection,
  fetchForm,
  formKeys,
  updateForm,
  updateSection,
} from './api';

export function useForm(teamId: number, id: number) {
  return useQuery({
    queryKey: formKeys.one(teamId, id),
    queryFn: ({ signal }) => fetchForm(id, signal),
    retry: false,
  });
}

/** Every change to a form, its questions, sections and conditions; each reloads the form afterwards. */
export function useFormMutations(teamId: number, form: IntakeForm) {
  const queryClient = useQueryClient();
  const dataModelId = form.data_model_id;
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: formKeys.all(teamId) });
  return {
    update: useMutation({
      mutationFn: (patch: IntakeFormPatch) => updateForm(form.id, patch),
      onSuccess: (updated) => {
        queryClient.setQueryData(formKeys.one(teamId, form.id), updated);
        return onSuccess();
      },
    }),
    createField: useMutation({
      mutationFn: (field: DatumFieldCreate) => createField(dataModelId, field),
      onSuccess,
    }),
    updateField: useMutation({
      mutationFn: ({ fieldId, patch }: { fieldId: number; patch: DatumFieldPatchInput }) =>
        updateField(dataModelId, fieldId, patch),
      onSuccess,
    }),
    deleteField: useMutation({
      mutationFn: (fieldId: number) => deleteField(dataModelId, fieldId),
      onSuccess,
    }),
    reorder: useMutation({
      mutationFn: (orders: FieldsOrder) => reorderFields(dataModelId, orders),
      onSettled: onSuccess,
    }),
    createSection: useMutation({ mutationFn: (input: FormSectionCreate) => createSection(input), onSuccess }),
    updateSection: useMutation({
      mutationFn: ({ id, patch }: { id: number; patch: FormSectionPatch }) => updateSection(id, patch),
      onSuccess,
    }),
    deleteSection: useMutation({ mutationFn: (id: number) => deleteSection(id), onSuccess }),
    createCondition: useMutation({
      mutationFn: ({ fieldId, input }: { fieldId: number; input: ConditionCreate }) =>
        createCondition(dataModelId, fieldId, input),
    }),
  };
}

export type FormMutations = ReturnType<typeof useFormMutations>;
