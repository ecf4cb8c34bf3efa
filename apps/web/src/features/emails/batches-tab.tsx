import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { EMAIL_BATCHES_PAGE_SIZE, type EmailBatch } from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Flex, Popconfirm, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { getErrorDetail } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/i18n/format';
import { PagedTable } from '../../lib/layout/paged-table';
import { lazyDialog } from '../../lib/lazy-dialog';
import { toOffsetLimit } from '../../lib/paging';
import { deleteBatch, emailKeys, fetchBatches } from './api';
import { BatchProgress } from './batch-progress';
import { BatchStatusTag } from './status-tags';
import { batchPollMs } from './use-batch-view';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const BatchDialog = lazyDialog(
  () => import('./batch-dialog').then((m) => m.BatchDialog),
  (props) => props.isOpen,
);

export const batchPath = (teamId: number, id: number) => `/team/${teamId}/email/batch/${id}`;

/** The team's mailings, newest first, 10 a page, with their progress. */
export function BatchesTab({ teamId }: { teamId: number }) {
  const { t, i18n } = useTranslation('emails');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [isAdding, setAdding] = useState(false);
  const { offset, limit } = toOffsetLimit({ page, pageSize: EMAIL_BATCHES_PAGE_SIZE });
  const batches = useQuery({
    queryKey: emailKeys.batches(teamId, offset),
    queryFn: () => fetchBatches(teamId, offset, limit),
    placeholderData: keepPreviousData,
    // A mailing going out moves its progress bar until it ends, as on its own page.
    refetchInterval: (query) => batchPollMs(query.state.data?.results ?? []),
  });
  const remove = useMutation({
    mutationFn: deleteBatch,
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: emailKeys.all }),
    onError: (error) => void message.error(getErrorDetail(error) ?? t('batches.failed')),
  });
  const columns: TableColumnsType<EmailBatch> = [
    {
      key: 'title',
      title: t('batches.titleLabel'),
      render: (_, batch) => <Link to={batchPath(teamId, batch.id)}>{batch.title}</Link>,
    },
    { key: 'template', title: t('batches.template'), render: (_, batch) => batch.template?.title ?? '—' },
    {
      key: 'status',
      title: t('batch.status'),
      render: (_, batch) => <BatchStatusTag status={batch.status} />,
    },
    {
      key: 'progress',
      title: t('batches.progress'),
      render: (_, { progress }) =>
        progress.total === 0 ? (
          '—'
        ) : (
          <BatchProgress
            progress={progress}
            size="small"
            format={() => `${progress.sent}/${progress.total}`}
          />
        ),
    },
    {
      key: 'created',
      title: t('batches.created'),
      render: (_, batch) => formatDateTime(batch.create_time, i18n.language),
    },
    {
      key: 'actions',
      title: '',
      render: (_, batch) =>
        batch.status === 'draft' && (
          <Popconfirm title={t('batches.deleteConfirm')} onConfirm={() => remove.mutate(batch.id)}>
            <Button danger icon={<DeleteOutlined />} aria-label={t('batches.delete')} />
          </Popconfirm>
        ),
    },
  ];
  return (
    <>
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          data-testid="batch-add"
        >
          {t('batches.add')}
        </Button>
      </Flex>
      <PagedTable<EmailBatch>
        rowKey="id"
        columns={columns}
        scroll={{ x: true }}
        query={batches}
        page={page}
        onPageChange={setPage}
        pageSize={limit}
        emptyText={t('batches.empty')}
      />
      <BatchDialog
        teamId={teamId}
        isOpen={isAdding}
        onClose={() => setAdding(false)}
        onCreated={(batch) => navigate(batchPath(teamId, batch.id))}
      />
    </>
  );
}
