import { MailOutlined } from '@ant-design/icons';
import { useMutation } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { sendTestEmail } from './api';
import { errorText } from './error-text';
import './resources';

/**
 * Mails the e-mail shown to the signed-in admin, rendered again for its item, before the batch goes:
 * the subject starts with "[Test]" and the batch is not sent nor counted (docs/emails.md).
 */
export function SendTestButton({ batchId, dataset }: { batchId: number; dataset: number | null }) {
  const { t } = useTranslation('emails');
  const { message } = App.useApp();
  const send = useMutation({
    mutationFn: (item: number) => sendTestEmail(batchId, { dataset: item }),
    onSuccess: (sent) => void message.success(t('batch.testSent', { email: sent.to })),
    onError: (error) => void message.error(errorText(error) ?? t('batch.testFailed')),
  });
  return (
    <Button
      icon={<MailOutlined />}
      onClick={() => dataset !== null && send.mutate(dataset)}
      loading={send.isPending}
      disabled={dataset === null}
      data-testid="batch-send-test"
    >
      {t('batch.sendTest')}
    </Button>
  );
}
