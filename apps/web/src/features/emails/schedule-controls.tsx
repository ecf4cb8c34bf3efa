import { SendOutlined } from '@ant-design/icons';
import type { EmailBatch } from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Popconfirm, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format';
import { cancelSchedule, emailKeys, resendFailed, sendEmails } from './api';
import { errorText } from './error-text';
import './mailings-resources';
import './resources';

/** Ant Design's input look, on the browser's own date-time input (Ant Design's Input would weigh on the page). */
const SEND_AT_STYLE = {
  padding: '4px 11px',
  border: '1px solid #d9d9d9',
  borderRadius: 6,
  font: 'inherit',
  background: '#fff',
} as const;

/** A date-time input's local value as an ISO instant; null when empty. */
const fromLocalInput = (value: string) => (value ? new Date(value).toISOString() : null);

/** The browser's time zone, in which every time of these controls is read and written. */
const browserZone = () => Intl.DateTimeFormat().resolvedOptions().timeZone;

function useBatchAction(run: () => Promise<EmailBatch>) {
  const { t } = useTranslation('emails');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: run,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: emailKeys.all }),
    onError: (error) => void message.error(errorText(error) ?? t('batch.failed')),
  });
}

/** The send step: now, or at a time (in the browser's time zone) until which it can be cancelled. */
export function SendControls({ batch, onBack }: { batch: EmailBatch; onBack(): void }) {
  const { t } = useTranslation('emails');
  const { t: tm } = useTranslation('mailings');
  const format = useFormat();
  const [sendAt, setSendAt] = useState('');
  const at = fromLocalInput(sendAt);
  const send = useBatchAction(() => sendEmails(batch.id, at ?? undefined));
  const count = batch.progress.draft;
  return (
    <>
      <Flex vertical gap={4} style={{ maxWidth: 360, marginBottom: 16 }}>
        <label htmlFor="batch-send-at">{tm('send.later')}</label>
        <input
          style={SEND_AT_STYLE}
          id="batch-send-at"
          type="datetime-local"
          value={sendAt}
          onChange={(event) => setSendAt(event.target.value)}
          aria-describedby="batch-send-at-help"
          data-testid="batch-send-at"
        />
        <Typography.Text type="secondary" id="batch-send-at-help">
          {tm('send.laterHelp', { zone: browserZone() })}
        </Typography.Text>
      </Flex>
      <Flex gap={8} wrap>
        <Button onClick={onBack}>{t('batch.previousStep')}</Button>
        <Popconfirm
          title={
            at ? tm('send.scheduleConfirm', { time: format.dateTime(at) }) : t('batch.sendConfirm', { count })
          }
          onConfirm={() => send.mutate()}
        >
          <Button type="primary" icon={<SendOutlined />} loading={send.isPending} data-testid="batch-send">
            {at ? tm('send.schedule', { count }) : t('batch.send', { count })}
          </Button>
        </Popconfirm>
      </Flex>
    </>
  );
}

/** A scheduled batch: when it goes, and the way back to a draft. */
export function ScheduledNotice({ batch }: { batch: EmailBatch }) {
  const { t: tm } = useTranslation('mailings');
  const format = useFormat();
  const cancel = useBatchAction(() => cancelSchedule(batch.id));
  if (batch.status !== 'scheduled' || !batch.scheduled_time) return null;
  return (
    <Alert
      type="info"
      showIcon
      style={{ marginBottom: 12 }}
      title={tm('send.scheduledFor', { time: format.dateTime(batch.scheduled_time), zone: browserZone() })}
      action={
        <Button
          size="small"
          onClick={() => cancel.mutate()}
          loading={cancel.isPending}
          data-testid="batch-unschedule"
        >
          {tm('send.cancelSchedule')}
        </Button>
      }
      data-testid="batch-scheduled"
    />
  );
}

/** A finished batch with failed e-mails: send only those again. */
export function ResendFailedButton({ batch }: { batch: EmailBatch }) {
  const { t: tm } = useTranslation('mailings');
  const resend = useBatchAction(() => resendFailed(batch.id));
  const isFinished = batch.status === 'sent' || batch.status === 'failed';
  if (!isFinished || batch.progress.failed === 0) return null;
  return (
    <Button onClick={() => resend.mutate()} loading={resend.isPending} data-testid="batch-resend">
      {tm('send.resend', { count: batch.progress.failed })}
    </Button>
  );
}
