import { AppstoreAddOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ISSUE_ITEMS_ORDERING } from '../../lib/early-requests';
import { lazyDialog } from '../../lib/lazy-dialog';
import { lazyPanel } from '../../lib/lazy-panel';
import { ItemsTable } from '../items/items-table';
import { prefetchItemsTable } from '../items/use-datasets';
import { useSubmissionColumns } from '../items/use-submission-columns';
import { addIssueDatasets } from './api';
import './resources';

// Shown once rows are checked: loaded then, not with the tab.
const ItemsBulkActions = lazyPanel(
  () => import('./items-bulk-actions').then((m) => m.ItemsBulkActions),
  null,
);
// Loaded the first time it opens (lib/lazy-dialog.tsx).
const AddExistingItemsDialog = lazyDialog(
  () => import('./add-existing-items-dialog').then((m) => m.AddExistingItemsDialog),
  (props) => props.isOpen,
);

/** A selection's items by title until a column is sorted. */
// The order that the page's first script asks for the tab's first page in (early-requests.ts).
const ORDERING = ISSUE_ITEMS_ORDERING;

/** The tab's first page, asked for by the selection page's loader. */
export function prefetchIssueItems(teamId: number, issueId: number) {
  prefetchItemsTable(teamId, { issueId, ordering: ORDERING });
}

/**
 * The Items tab: the selection's items by title, with the submission columns, removal from the
 * selection, and two ways to add items: existing ones of the team, or a new one.
 */
export function IssueItemsTab({ teamId, issueId }: { teamId: number; issueId: number }) {
  const { t } = useTranslation('selections');
  const submissionColumns = useSubmissionColumns({ withState: false });
  const [isPicking, setPicking] = useState(false);
  return (
    <>
      <ItemsTable
        tableKey={`selection-${issueId}`}
        hiddenByDefault={['submission_date']}
        teamId={teamId}
        issueId={issueId}
        defaultOrdering={ORDERING}
        extraColumns={submissionColumns}
        onItemCreated={(id) => addIssueDatasets(issueId, [id])}
        addLabel={t('addExisting.newItem')}
        addActions={
          <Button
            icon={<AppstoreAddOutlined />}
            onClick={() => setPicking(true)}
            data-testid="add-existing-items"
          >
            {t('addExisting.open')}
          </Button>
        }
        bulkActions={(ids, clear) => (
          <ItemsBulkActions teamId={teamId} datasetIds={ids} issueId={issueId} onDone={clear} />
        )}
      />
      <AddExistingItemsDialog
        teamId={teamId}
        issueId={issueId}
        isOpen={isPicking}
        onClose={() => setPicking(false)}
      />
    </>
  );
}
