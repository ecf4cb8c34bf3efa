import {
  DATASETS_BULK_MAX,
  type Dataset,
  type DatasetCreate,
  type DatasetRowError,
  type DatasetValidation,
  type FieldErrors,
} from '@shortlist/contract';
import { ApiError, apiPost, apiRequest } from '../../lib/api-client';
import { rowErrorsFromFieldErrors } from './row-errors';

type Progress = (done: number) => void;

const chunksOf = <T>(items: T[]) =>
  Array.from({ length: Math.ceil(items.length / DATASETS_BULK_MAX) }, (_, chunk) =>
    items.slice(chunk * DATASETS_BULK_MAX, (chunk + 1) * DATASETS_BULK_MAX),
  );

/**
 * Checks every row with the server's rules, writing nothing: the refused rows and those whose title an
 * item of the type already has, each with its place in `rows`.
 */
export async function validateRows(rows: DatasetCreate[], onProgress: Progress): Promise<DatasetValidation> {
  const result: DatasetValidation = { errors: [], duplicate_titles: [] };
  let done = 0;
  for (const chunk of chunksOf(rows)) {
    const reply = await apiRequest<DatasetValidation>('datasets/validate/', { method: 'POST', body: chunk });
    const offset = done;
    result.errors.push(...reply.errors.map((error) => ({ ...error, index: error.index + offset })));
    result.duplicate_titles.push(
      ...reply.duplicate_titles.map((duplicate) => ({ ...duplicate, index: duplicate.index + offset })),
    );
    done += chunk.length;
    onProgress(done);
  }
  return result;
}

export interface ImportOutcome {
  /** Places in `rows` of the items created, then of those not created when a chunk was refused. */
  imported: number[];
  notImported: number[];
  /** Why the refused chunk failed: its rows' errors, or the request's error. */
  rowErrors: DatasetRowError[];
  failure: unknown;
}

/**
 * Creates the chosen rows chunk by chunk, each chunk all or nothing. The first refused chunk stops
 * the import, so that the outcome says exactly which rows were created and which were not.
 */
export async function importRows(
  rows: DatasetCreate[],
  indexes: number[],
  onProgress: Progress,
): Promise<ImportOutcome> {
  const imported: number[] = [];
  for (const chunk of chunksOf(indexes)) {
    try {
      await apiPost<Dataset[]>(
        'datasets/',
        chunk.map((index) => rows[index]),
      );
    } catch (failure) {
      const isRowErrors = failure instanceof ApiError && failure.status === 400 && !failure.code;
      return {
        imported,
        notImported: indexes.slice(imported.length),
        rowErrors: isRowErrors
          ? rowErrorsFromFieldErrors(failure.body as FieldErrors, chunk, (index) => rows[index]?.title ?? '')
          : [],
        failure,
      };
    }
    imported.push(...chunk);
    onProgress(imported.length);
  }
  return { imported, notImported: [], rowErrors: [], failure: null };
}
