import type { Demail, Page } from '@shortlist/contract';
import { Table, type TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { EmailStatusTag } from './status-tags';
import './resources';

export const EMAILS_PAGE_SIZE = 20;

/** A mailing's e-mails, one page read with the batch itself (use-batch-view.ts). */
export function EmailsTable({
  emails,
  isLoading,
  page,
  onPageChange,
}: {
  emails: Page<Demail> | undefined;
  isLoading: boolean;
  page: number;
  onPageChange(page: number): void;
}) {
  const { t } = useTranslation('emails');
  const columns: TableColumnsType<Demail> = [
    { key: 'item', title: t('batch.item'), render: (_, email) => email.dataset_title ?? '—' },
    { key: 'to', title: t('batch.to'), render: (_, email) => email.email.to },
    { key: 'subject', title: t('batch.subject'), render: (_, email) => email.email.subject || '—' },
    {
      key: 'status',
      title: t('batch.status'),
      render: (_, email) => <EmailStatusTag status={email.email.status} />,
    },
    // Why an e-mail was not sent is a sentence: on a phone the table scrolls rather than squeeze it.
    { key: 'error', title: t('batch.error'), minWidth: 220, render: (_, email) => email.error ?? '' },
  ];
  return (
    <Table<Demail>
      rowKey="id"
      size="small"
      columns={columns}
      dataSource={emails?.results}
      loading={isLoading}
      locale={{ emptyText: t('batch.empty') }}
      pagination={{
        current: page,
        pageSize: EMAILS_PAGE_SIZE,
        total: emails?.count ?? 0,
        onChange: onPageChange,
        hideOnSinglePage: true,
        showSizeChanger: false,
      }}
      scroll={{ x: true }}
      data-testid="batch-emails"
    />
  );
}
