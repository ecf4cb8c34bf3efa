import {
  API_PREFIX,
  COUNT_EXACT,
  DATASET_IDS_MAX,
  type Dataset,
  type DatasetCreate,
  type DatasetIds,
  type DatasetPage,
  type DatasetPatch,
  type DatumValue,
  type DatumValueCreate,
  type DatumValuePatch,
  ITEMS_PAGE_SIZE,
  type ItemType,
} from '@shortlist/contract';
import { ApiError, apiDelete, apiGet, apiPatch, apiPost } from '../../lib/api-client';
import { getAccessToken } from '../../lib/auth/token-storage';
import { fetchMe } from '../../lib/auth/use-current-user';
import { ITEMS_ORDERING } from '../../lib/early-requests';
import { fetchAllPages, toOffsetLimit } from '../../lib/paging';
import { postWithProgress, type UploadRequest } from '../../lib/upload-request';

/** The list's query without the team, as the table sends it. */
export interface DatasetFilters {
  offset: number;
  limit: number;
  data_model?: number;
  /** Only the items of this selection. */
  issue?: number;
  search?: string;
  reviews__status?: string;
  /** Only the items carrying this tag, by name. */
  tag?: string;
  /** Only the items of this form's item type. */
  form?: number;
  ordering?: string;
  /** Every match counted, past the 10,000 the list counts by itself. */
  count?: typeof COUNT_EXACT;
}

/**
 * The items table's order until a column is sorted: newest first, the order the page's first script asks
 * for its first page in (early-requests.ts).
 */
export const ITEMS_DEFAULT_ORDERING = ITEMS_ORDERING;

/** What the items table shows: its page, scope, search, status filter and order. */
export interface ItemsTableView {
  page: number;
  dataModelId?: number;
  issueId?: number;
  search?: string;
  /** A review status's id or NOT_REVIEWED; none: every item. */
  status?: string;
  ordering: string;
  isCountExact?: boolean;
}

/**
 * The request of the items table for a view: the table's, and a page loader's asking for the first page
 * before the table has rendered (one shape, so one cache entry).
 */
export function itemsTableFilters(view: ItemsTableView): DatasetFilters {
  return {
    ...toOffsetLimit({ page: view.page, pageSize: ITEMS_PAGE_SIZE }),
    data_model: view.dataModelId,
    issue: view.issueId,
    search: view.search || undefined,
    reviews__status: view.status,
    ordering: view.ordering,
    count: view.isCountExact ? COUNT_EXACT : undefined,
  };
}

/** Every key starts with 'datasets': the reviews feature refreshes the tables by that prefix. */
export const datasetKeys = {
  all: ['datasets'] as const,
  list: (teamId: number, filters: DatasetFilters) => [...datasetKeys.all, teamId, 'list', filters] as const,
  one: (id: number) => [...datasetKeys.all, 'one', id] as const,
};

export const fetchDatasets = (teamId: number, filters: DatasetFilters, signal?: AbortSignal) =>
  apiGet<DatasetPage>('datasets/', { team: teamId, ...filters }, signal);
/**
 * The ids the filters match (the table's paging ignored), newest first, page after page up to
 * DATASET_IDS_MAX: the table's "select all". `onProgress` hears how many are read so far; `isCapped`
 * says more matched than were taken.
 */
export async function fetchDatasetIds(
  teamId: number,
  { offset: _o, limit: _l, ...filters }: DatasetFilters,
  onProgress?: (read: number) => void,
) {
  const ids: number[] = [];
  let cursor: string | null | undefined;
  do {
    const page = await apiGet<DatasetIds>('datasets/ids/', { team: teamId, ...filters, cursor });
    ids.push(...page.ids);
    cursor = page.next_cursor;
    onProgress?.(ids.length);
  } while (cursor && ids.length < DATASET_IDS_MAX);
  return { ids: ids.slice(0, DATASET_IDS_MAX), isCapped: Boolean(cursor) };
}
export const fetchDataset = (id: number, signal?: AbortSignal) =>
  apiGet<Dataset>(`datasets/${id}/`, undefined, signal);
export const createDataset = (input: DatasetCreate) => apiPost<Dataset>('datasets/', input);
export const patchDataset = (id: number, patch: DatasetPatch) => apiPatch<Dataset>(`datasets/${id}/`, patch);
export const deleteDataset = (id: number) => apiDelete(`datasets/${id}/`);
export const deleteDatasets = (ids: number[]) => apiPost<void>('datasets/delete_many/', { datasets: ids });

export const createDatumValue = (input: DatumValueCreate) => apiPost<DatumValue>('datum-values/', input);
/** Undefined when the empty answer removed the value (204). */
export const patchDatumValue = (id: number, patch: DatumValuePatch) =>
  apiPatch<DatumValue | undefined>(`datum-values/${id}/`, patch);
export const deleteDatumValue = (id: number) => apiDelete(`datum-values/${id}/`);

/** Every item type of the team, for pickers; keyed under the item types feature so its changes refresh it. */
export const fetchAllItemTypes = (teamId: number) =>
  fetchAllPages<ItemType>('data-models/', { team: teamId });

export interface Upload {
  promise: Promise<DatumValue>;
  cancel: () => void;
}

/**
 * Sends a file with its progress. The upload goes around the API client (postWithProgress), so an
 * expired access token is renewed through it (any call does) and the upload tried once more.
 */
export function uploadDatumValueFile(
  valueId: number,
  file: File,
  onProgress: (percent: number) => void,
): Upload {
  let current: UploadRequest<DatumValue> | null = null;
  let isCancelled = false;
  const attempt = () => {
    const body = new FormData();
    body.append('file', file);
    current = postWithProgress<DatumValue>(
      `${API_PREFIX}/datum-values/${valueId}/upload/`,
      body,
      (event) => {
        if (event.lengthComputable) onProgress(Math.round((event.loaded / event.total) * 100));
      },
      getAccessToken(),
    );
    return current.promise;
  };
  const promise = attempt().catch(async (error: unknown) => {
    if (isCancelled || !(error instanceof ApiError) || error.status !== 401) throw error;
    await fetchMe();
    onProgress(0);
    return attempt();
  });
  return {
    promise,
    cancel: () => {
      isCancelled = true;
      current?.abort();
    },
  };
}
