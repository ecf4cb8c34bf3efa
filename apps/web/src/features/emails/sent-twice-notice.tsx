import { useQuery } from '@tanstack/react-query';
import { Alert } from 'antd';
import { useTranslation } from 'react-i18next';
import { emailKeys, fetchDemails } from './api';
import './resources';

/** Addresses named in the notice; past these, it says how many more. */
const NAMED_MAX = 20;

/**
 * Says which recipients may have two copies of the batch's e-mail: a server died while sending it to
 * them and another sent it again (`maybe_sent_twice`). Nothing when there are none.
 */
export function SentTwiceNotice({ batchId, count }: { batchId: number; count: number }) {
  const { t, i18n } = useTranslation('emails');
  const named = useQuery({
    queryKey: [...emailKeys.batch(batchId), 'sent-twice', count],
    queryFn: () => fetchDemails(batchId, { maybe_sent_twice: true, limit: NAMED_MAX }),
    enabled: count > 0,
  });
  if (count === 0) return null;
  const addresses = named.data?.results.map((email) => email.email.to) ?? [];
  const rest = count - addresses.length;
  const list = new Intl.ListFormat(i18n.language, { type: 'conjunction' }).format(
    rest > 0 ? [...addresses, t('sentTwice.more', { count: rest })] : addresses,
  );
  return (
    <Alert
      type="warning"
      showIcon
      title={t('sentTwice.title', { count })}
      description={t('sentTwice.body', { addresses: list })}
      style={{ marginBottom: 12 }}
      data-testid="batch-sent-twice"
    />
  );
}
