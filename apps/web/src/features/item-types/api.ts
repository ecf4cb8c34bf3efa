import type {
  DatumField,
  DatumFieldCreate,
  DatumFieldPatchInput,
  FieldsOrder,
  ItemType,
  ItemTypeCreate,
  Page,
} from '@shortlist/contract';
import { apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';

export const itemTypeKeys = {
  all: (teamId: number) => ['teams', teamId, 'item-types'] as const,
  list: (teamId: number, query: { offset: number; limit: number; showLinked: boolean }) =>
    [...itemTypeKeys.all(teamId), 'list', query] as const,
  one: (teamId: number, id: number) => [...itemTypeKeys.all(teamId), id] as const,
};

/** One page of the team's item types; types linked to a form are left out unless asked for. */
export const fetchItemTypes = (
  teamId: number,
  { showLinked, ...page }: { offset: number; limit: number; showLinked: boolean },
  signal?: AbortSignal,
) =>
  apiGet<Page<ItemType>>(
    'data-models/',
    { team: teamId, ...page, form__isnull: showLinked ? undefined : 'True' },
    signal,
  );

export const fetchItemType = (id: number, signal?: AbortSignal) =>
  apiGet<ItemType>(`data-models/${id}/`, undefined, signal);
export const createItemType = (input: ItemTypeCreate) => apiPost<ItemType>('data-models/', input);
export const renameItemType = (id: number, title: string) =>
  apiPatch<ItemType>(`data-models/${id}/`, { title });
export const deleteItemType = (id: number) => apiDelete(`data-models/${id}/`);

const fieldsPath = (itemTypeId: number) => `data-models/${itemTypeId}/datum-fields/`;
export const createField = (itemTypeId: number, field: DatumFieldCreate) =>
  apiPost<DatumField>(fieldsPath(itemTypeId), field);
export const updateField = (itemTypeId: number, fieldId: number, patch: DatumFieldPatchInput) =>
  apiPatch<DatumField>(`${fieldsPath(itemTypeId)}${fieldId}/`, patch);
export const deleteField = (itemTypeId: number, fieldId: number) =>
  apiDelete(`${fieldsPath(itemTypeId)}${fieldId}/`);
export const reorderFields = (itemTypeId: number, newOrders: FieldsOrder) =>
  apiPost<FieldsOrder>(`data-models/${itemTypeId}/reorder/`, { new_orders: newOrders });
