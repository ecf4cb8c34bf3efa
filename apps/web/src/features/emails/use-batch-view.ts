import type { EmailBatch } from '@shortlist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useLanguage } from '../../lib/i18n/use-language';
import { emailKeys, fetchBatch, fetchDemails } from './api';

/** While a batch sends, its page reads it again this often. */
const BATCH_POLL_MS = 1500;
/** A scheduled batch is read again at its time, and at least this often: a colleague may cancel or send it. */
const SCHEDULED_POLL_MAX_MS = 60_000;

/** How soon to read a batch again: often while it sends, at its time while it waits for it. */
function batchWaitMs(batch: EmailBatch): number | undefined {
  if (batch.status === 'sending') return BATCH_POLL_MS;
  if (batch.status !== 'scheduled' || !batch.scheduled_time) return undefined;
  const untilDue = Date.parse(batch.scheduled_time) - Date.now();
  return Math.min(Math.max(untilDue, BATCH_POLL_MS), SCHEDULED_POLL_MAX_MS);
}

/** The soonest of the batches' next readings; none once every batch has ended or is a draft. */
export function batchPollMs(batches: readonly EmailBatch[]): number | false {
  const waits = batches.map(batchWaitMs).filter((wait) => wait !== undefined);
  return waits.length ? Math.min(...waits) : false;
}

/**
 * A batch and one page of its e-mails, read together and refreshed together until the batch ends (and at
 * its time while it is scheduled): the badge, the totals, the progress bar and every row come from the
 * same reading. The e-mails are read after the batch, so that once it reads sent or failed (its last
 * e-mail settled), they are final.
 */
export function useBatchView(id: number, offset: number, limit: number) {
  const [language] = useLanguage();
  return useQuery({
    queryKey: emailKeys.batchView(id, offset, limit, language),
    queryFn: async () => {
      const batch = await fetchBatch(id);
      const emails = await fetchDemails(id, { offset, limit });
      return { batch, emails };
    },
    placeholderData: keepPreviousData,
    refetchInterval: (query) => batchPollMs(query.state.data ? [query.state.data.batch] : []),
  });
}
