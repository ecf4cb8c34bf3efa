import type { BatchRow } from './access.ts';
import type { MailingContext } from './decision-variables.ts';

/** What a batch's variables read: its selection, and the pending decision only in a decisions mailing. */
export const mailingContextOf = (batch: Pick<BatchRow, 'issueId' | 'sendsDecisions'>): MailingContext => ({
  issueId: batch.issueId,
  tellsPending: batch.sendsDecisions,
});
