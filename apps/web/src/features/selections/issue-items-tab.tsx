import type { Dataset } from '@shortlist/contract';
import type { TableColumnsType } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../items/format';
import { ItemsTable } from '../items/items-table';
import { addIssueDatasets } from './api';
import { ItemsBulkActions } from './items-bulk-actions';

/** The Items tab: the selection's items by title, with the submission columns and removal from the selection. */
export function IssueItemsTab({ teamId, issueId }: { teamId: number; issueId: number }) {
  const { t, i18n } = useTranslation('selections');
  const submissionColumns: TableColumnsType<Dataset> = [
    {
      key: 'submission_date',
      title: t('items.submissionDate'),
      render: (_, item) =>
        item.submission ? formatDateTime(item.submission.create_time, i18n.language) : '—',
    },
    {
      key: 'submission_email',
      title: t('items.submissionEmail'),
      render: (_, item) => item.submission?.email || '—',
    },
  ];
  return (
    <ItemsTable
      teamId={teamId}
      issueId={issueId}
      defaultOrdering="title"
      extraColumns={submissionColumns}
      onItemCreated={(id) => addIssueDatasets(issueId, [id])}
      bulkActions={(ids, clear) => (
        <ItemsBulkActions teamId={teamId} datasetIds={ids} issueId={issueId} onDone={clear} />
      )}
    />
  );
}
