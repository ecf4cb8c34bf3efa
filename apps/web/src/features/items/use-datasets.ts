import type { DatasetCreate, DatasetPatch, DatumValueCreate, DatumValuePatch } from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { queryClient } from '../../lib/query-client';
import { fetchItemType, itemTypeKeys } from '../item-types/api';
import {
  createDataset,
  createDatumValue,
  type DatasetFilters,
  datasetKeys,
  deleteDataset,
  deleteDatasets,
  deleteDatumValue,
  fetchAllItemTypes,
  fetchDataset,
  fetchDatasets,
  type ItemsTableView,
  itemsTableFilters,
  patchDataset,
  patchDatumValue,
} from './api';

/** One page of a team's items; the previous page stays on screen while the next loads. */
export function useDatasets(teamId: number, filters: DatasetFilters) {
  return useQuery({
    queryKey: datasetKeys.list(teamId, filters),
    queryFn: ({ signal }) => fetchDatasets(teamId, filters, signal),
    placeholderData: keepPreviousData,
  });
}

/** A page's loader asks for the items table's first page with the navigation, not once the table renders. */
export function prefetchItemsTable(teamId: number, view: Omit<ItemsTableView, 'page'>) {
  const filters = itemsTableFilters({ ...view, page: 1 });
  void queryClient.prefetchQuery({
    queryKey: datasetKeys.list(teamId, filters),
    queryFn: ({ signal }) => fetchDatasets(teamId, filters, signal),
  });
}

export function useDataset(id: number | null) {
  return useQuery({
    queryKey: datasetKeys.one(id ?? 0),
    queryFn: ({ signal }) => fetchDataset(id ?? 0, signal),
    enabled: id !== null,
    retry: false,
  });
}

export function useAllItemTypes(teamId: number, enabled = true) {
  return useQuery({
    queryKey: [...itemTypeKeys.all(teamId), 'all'],
    queryFn: () => fetchAllItemTypes(teamId),
    enabled,
  });
}

/** The item type of an open item, with its fields; waits until the item is loaded. */
export function useItemTypeOf(teamId: number, dataModelId: number | undefined) {
  return useQuery({
    queryKey: itemTypeKeys.one(teamId, dataModelId ?? 0),
    queryFn: ({ signal }) => fetchItemType(dataModelId ?? 0, signal),
    enabled: dataModelId !== undefined,
  });
}

/** Every change to items and their answers; each reloads the tables and the open item. */
export function useDatasetMutations() {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: datasetKeys.all });
  return {
    create: useMutation({ mutationFn: (input: DatasetCreate) => createDataset(input), onSuccess }),
    patch: useMutation({
      mutationFn: ({ id, patch }: { id: number; patch: DatasetPatch }) => patchDataset(id, patch),
      onSuccess,
    }),
    remove: useMutation({ mutationFn: (id: number) => deleteDataset(id), onSuccess }),
    removeMany: useMutation({ mutationFn: (ids: number[]) => deleteDatasets(ids), onSuccess }),
    createValue: useMutation({ mutationFn: (input: DatumValueCreate) => createDatumValue(input), onSuccess }),
    patchValue: useMutation({
      mutationFn: ({ id, patch }: { id: number; patch: DatumValuePatch }) => patchDatumValue(id, patch),
      onSuccess,
    }),
    removeValue: useMutation({ mutationFn: (id: number) => deleteDatumValue(id), onSuccess }),
    /** After an upload made outside TanStack Query (XMLHttpRequest, for its progress). */
    refresh: onSuccess,
  };
}
