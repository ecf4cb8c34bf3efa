import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { emailKeys, fetchBatch, fetchDemails } from './api';

/** While a batch sends, its page reads it again this often. */
export const BATCH_POLL_MS = 1500;

/**
 * A batch and one page of its e-mails, read together and refreshed together until the batch ends:
 * the badge, the totals, the progress bar and every row come from the same reading. The e-mails are
 * read after the batch, so that once it reads sent or failed (its last e-mail settled), they are final.
 */
export function useBatchView(id: number, offset: number, limit: number) {
  return useQuery({
    queryKey: emailKeys.batchView(id, offset, limit),
    queryFn: async () => {
      const batch = await fetchBatch(id);
      const emails = await fetchDemails(id, { offset, limit });
      return { batch, emails };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => (query.state.data?.batch.status === 'sending' ? BATCH_POLL_MS : false),
  });
}
