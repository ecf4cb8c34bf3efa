import { type DemailStatus, demailStatusLabel, type EmailBatchStatus } from '@shortlist/contract';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';

const BATCH_COLOURS: Record<EmailBatchStatus, string> = {
  draft: 'default',
  scheduled: 'purple',
  sending: 'blue',
  sent: 'green',
  failed: 'red',
};
const EMAIL_COLOURS = { draft: 'default', sent: 'green', failed: 'red', queued: 'blue' } as const;

export function BatchStatusTag({ status }: { status: EmailBatchStatus }) {
  const { t } = useTranslation('emails');
  return (
    <Tag color={BATCH_COLOURS[status]} data-testid="batch-status">
      {t(`batches.status.${status}`)}
    </Tag>
  );
}

/** Queued and requeued both show as queued (spec: per-e-mail status codes). */
export function EmailStatusTag({ status }: { status: DemailStatus | null }) {
  const { t } = useTranslation('emails');
  const label = demailStatusLabel(status);
  return <Tag color={EMAIL_COLOURS[label]}>{t(`batch.emailStatus.${label}`)}</Tag>;
}
