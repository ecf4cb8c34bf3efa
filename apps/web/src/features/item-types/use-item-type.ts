import type { DatumFieldCreate, DatumFieldPatchInput, FieldsOrder } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  createField,
  deleteField,
  deleteItemType,
  fetchItemType,
  itemTypeKeys,
  renameItemType,
  reorderFields,
  updateField,
} from './api';

/** An item type with its fields; `enabled` false: not yet known (no request). */
export function useItemType(teamId: number, id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({
    queryKey: itemTypeKeys.one(teamId, id),
    queryFn: ({ signal }) => fetchItemType(id, signal),
    retry: false,
    enabled,
  });
}

/**
 * Several item types with their fields, in one query (react-query's `useQueries` would add its observer
 * to every page's vendor chunk); under the team's item-type key, so that a change to any reloads them.
 */
export function useItemTypesById(teamId: number, ids: readonly number[]) {
  return useQuery({
    queryKey: [...itemTypeKeys.all(teamId), 'by-id', ...ids],
    queryFn: ({ signal }) => Promise.all(ids.map((id) => fetchItemType(id, signal))),
    retry: false,
    enabled: ids.length > 0,
  });
}

/** Every change to an item type or its fields, each reloading the type and the list afterwards. */
export function useItemTypeMutations(teamId: number, id: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: itemTypeKeys.all(teamId) });
  return {
    rename: useMutation({ mutationFn: (title: string) => renameItemType(id, title), onSuccess }),
    remove: useMutation({
      mutationFn: () => deleteItemType(id),
      onSuccess: () => {
        queryClient.removeQueries({ queryKey: itemTypeKeys.one(teamId, id) });
        return onSuccess();
      },
    }),
    createField: useMutation({ mutationFn: (field: DatumFieldCreate) => createField(id, field), onSuccess }),
    updateField: useMutation({
      mutationFn: ({ fieldId, patch }: { fieldId: number; patch: DatumFieldPatchInput }) =>
        updateField(id, fieldId, patch),
      onSuccess,
    }),
    deleteField: useMutation({ mutationFn: (fieldId: number) => deleteField(id, fieldId), onSuccess }),
    reorder: useMutation({ mutationFn: (orders: FieldsOrder) => reorderFields(id, orders), onSuccess }),
  };
}
