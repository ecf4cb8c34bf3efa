import type { DatasetCreate } from '@shortlist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { datasetKeys } from '../items/api';
import { type ImportOutcome, importRows, validateRows } from './api';
import type { Validation } from './preview-step';

const NOT_CHECKED: Validation = { done: 0, errors: null, duplicates: [], failed: false };

/** The check of every row, then the import of the valid ones; a newer run makes older results moot. */
export function useImportRun() {
  const queryClient = useQueryClient();
  const run = useRef(0);
  const [validation, setValidation] = useState<Validation>(NOT_CHECKED);
  const [imported, setImported] = useState(0);
  const [outcome, setOutcome] = useState<ImportOutcome | null>(null);

  const validate = async (datasets: DatasetCreate[]) => {
    const current = ++run.current;
    setValidation(NOT_CHECKED);
    try {
      const checked = await validateRows(datasets, (done) => {
        if (run.current === current) setValidation({ ...NOT_CHECKED, done });
      });
      if (run.current === current) {
        setValidation({
          done: datasets.length,
          errors: checked.errors,
          duplicates: checked.duplicate_titles,
          failed: false,
        });
      }
    } catch {
      if (run.current === current) setValidation({ ...NOT_CHECKED, failed: true });
    }
  };

  const start = async (datasets: DatasetCreate[], indexes: number[]) => {
    ++run.current;
    setImported(0);
    setOutcome(null);
    const result = await importRows(datasets, indexes, setImported);
    setOutcome(result);
    if (result.imported.length > 0) await queryClient.invalidateQueries({ queryKey: datasetKeys.all });
  };

  return { validation, validate, imported, outcome, start };
}
