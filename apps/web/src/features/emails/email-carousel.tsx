import { LeftOutlined, RightOutlined } from '@ant-design/icons';
import { DEMAIL_STATUS } from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Button, Descriptions, Flex, Spin, Typography } from 'antd';
import { type KeyboardEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLanguage } from '../../lib/i18n/use-language';
import { emailKeys, fetchDemails } from './api';
import { EmailFrame } from './email-frame';
import { SendTestButton } from './send-test-button';
import './resources';

/**
 * One rendered e-mail at a time, as it will be sent, with a test of it mailed to the admin on request;
 * previous and next wrap around at both ends. An e-mail whose render failed says why instead.
 */
export function EmailCarousel({ batchId, total }: { batchId: number; total: number }) {
  const { t } = useTranslation('emails');
  const [language] = useLanguage();
  const [index, setIndex] = useState(0);
  const email = useQuery({
    queryKey: emailKeys.demails(batchId, index, 1, language),
    queryFn: () => fetchDemails(batchId, { offset: index, limit: 1 }),
  });
  const current = email.data?.results[0];
  const move = (step: number) => setIndex((value) => (value + step + total) % total);
  const handleKey = (event: KeyboardEvent) => {
    if (event.key === 'ArrowLeft') move(-1);
    if (event.key === 'ArrowRight') move(1);
  };
  return (
    // biome-ignore lint/a11y/noStaticElementInteractions: the arrows page through the e-mails, as the buttons do
    <div onKeyDown={handleKey} data-testid="email-carousel">
      <Flex align="center" justify="space-between" gap={8} style={{ marginBottom: 8 }}>
        <Button
          icon={<LeftOutlined />}
          aria-label={t('batch.previous')}
          onClick={() => move(-1)}
          data-testid="carousel-previous"
        />
        <Typography.Text aria-live="polite" data-testid="carousel-position">
          {t('batch.position', { current: index + 1, total })}
        </Typography.Text>
        <Button
          icon={<RightOutlined />}
          aria-label={t('batch.next')}
          onClick={() => move(1)}
          data-testid="carousel-next"
        />
      </Flex>
      {!current ? (
        <Spin />
      ) : (
        <>
          <Descriptions size="small" column={1} style={{ marginBottom: 8 }}>
            <Descriptions.Item label={t('batch.to')}>
              <span data-testid="carousel-to">{current.email.to}</span>
            </Descriptions.Item>
            <Descriptions.Item label={t('batch.subject')}>
              <span data-testid="carousel-subject">{current.email.subject}</span>
            </Descriptions.Item>
          </Descriptions>
          {current.email.status === DEMAIL_STATUS.failed ? (
            <Alert
              type="error"
              showIcon
              title={t('batch.renderFailed')}
              description={current.error}
              data-testid="carousel-failed"
            />
          ) : (
            <>
              <Flex justify="end" style={{ marginBottom: 8 }}>
                <SendTestButton batchId={batchId} dataset={current.dataset} />
              </Flex>
              <EmailFrame html={current.email.html_message} title={current.email.subject} />
            </>
          )}
        </>
      )}
    </div>
  );
}
