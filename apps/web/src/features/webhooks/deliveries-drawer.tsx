import type { WebhookDelivery } from '@shortlist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Drawer, type TableColumnsType, Tag } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format';
import { useLanguage } from '../../lib/i18n/use-language';
import { PagedTable } from '../../lib/layout/paged-table';
import { toOffsetLimit } from '../../lib/paging';
import { fetchDeliveries, webhookKeys } from './api';
import './resources';

const STATUS_COLOURS = { pending: 'orange', delivered: 'green', failed: 'red' } as const;

/** The delivery log of one webhook, newest first, paged by the server; refreshed while retries are due. */
export function DeliveriesDrawer({ webhookId, onClose }: { webhookId: number | null; onClose(): void }) {
  const { t, i18n } = useTranslation('webhooks');
  const [language] = useLanguage();
  const [page, setPage] = useState(1);
  const { offset, limit } = toOffsetLimit({ page });
  const deliveries = useQuery({
    queryKey: webhookKeys.deliveries(webhookId ?? 0, offset, language),
    queryFn: () => fetchDeliveries(webhookId ?? 0, offset, limit),
    enabled: webhookId !== null,
    placeholderData: keepPreviousData,
    refetchInterval: (query) =>
      query.state.data?.results.some((d) => d.status === 'pending') ? 5000 : false,
  });
  const columns: TableColumnsType<WebhookDelivery> = [
    { key: 'when', title: t('when'), render: (_, d) => formatDateTime(d.create_time, i18n.language) },
    { key: 'event', title: t('events'), render: (_, d) => t(`event.${d.event}` as 'event.ping', d.event) },
    {
      key: 'status',
      title: t('statusTitle'),
      render: (_, d) => (
        <Tag
          color={STATUS_COLOURS[d.status]}
          title={
            d.next_attempt_time
              ? t('nextAttempt', { time: formatDateTime(d.next_attempt_time, i18n.language) })
              : undefined
          }
        >
          {t(`status.${d.status}`)}
        </Tag>
      ),
    },
    { key: 'code', title: t('code'), render: (_, d) => d.response_code ?? '—' },
    { key: 'attempts', title: t('attempts'), dataIndex: 'attempts' },
    {
      key: 'duration',
      title: t('duration'),
      render: (_, d) => (d.duration_ms === null ? '—' : `${d.duration_ms} ms`),
    },
    {
      key: 'error',
      title: t('error'),
      // Wide enough to read on a phone, where the table scrolls sideways rather than wrapping it word by word.
      render: (_, d) => <div style={{ minWidth: 240 }}>{d.error ?? ''}</div>,
    },
  ];
  return (
    <Drawer open={webhookId !== null} onClose={onClose} title={t('deliveries')} size="large">
      <PagedTable<WebhookDelivery>
        query={deliveries}
        page={page}
        onPageChange={setPage}
        pageSize={limit}
        emptyText={t('noDeliveries')}
        rowKey="id"
        size="small"
        columns={columns}
        scroll={{ x: true }}
      />
    </Drawer>
  );
}
