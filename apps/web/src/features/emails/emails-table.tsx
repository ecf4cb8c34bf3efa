import type { Demail } from '@shortlist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toOffsetLimit } from '../../app/paging';
import { emailKeys, fetchDemails } from './api';
import { EmailStatusTag } from './status-tags';

const PAGE_SIZE = 20;

/** A mailing's e-mails, paged by the server; refreshed with the batch while it sends. */
export function EmailsTable({ batchId, refreshMs }: { batchId: number; refreshMs: number | false }) {
  const { t } = useTranslation('emails');
  const [page, setPage] = useState(1);
  const { offset, limit } = toOffsetLimit({ page, pageSize: PAGE_SIZE });
  const emails = useQuery({
    queryKey: emailKeys.demails(batchId, offset, limit),
    queryFn: () => fetchDemails(batchId, { offset, limit }),
    placeholderData: keepPreviousData,
    refetchInterval: refreshMs,
  });
  const columns: TableColumnsType<Demail> = [
    { key: 'item', title: t('batch.item'), render: (_, email) => email.dataset_title ?? '—' },
    { key: 'to', title: t('batch.to'), render: (_, email) => email.email.to },
    { key: 'subject', title: t('batch.subject'), render: (_, email) => email.email.subject || '—' },
    {
      key: 'status',
      title: t('batch.status'),
      render: (_, email) => <EmailStatusTag status={email.email.status} />,
    },
    { key: 'error', title: t('batch.error'), render: (_, email) => email.error ?? '' },
  ];
  return (
    <Table<Demail>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={emails.data?.results}
      loading={emails.isPending}
      locale={{ emptyText: t('batch.empty') }}
      pagination={{
        current: page,
        pageSize: limit,
        total: emails.data?.count ?? 0,
        onChange: setPage,
        hideOnSinglePage: true,
        showSizeChanger: false,
      }}
      scroll={{ x: true }}
      data-testid="batch-emails"
    />
  );
}
