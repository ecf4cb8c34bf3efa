import { ItemsTable } from '../items/items-table';
import { useSubmissionColumns } from '../items/use-submission-columns';
import { addIssueDatasets } from './api';
import { ItemsBulkActions } from './items-bulk-actions';

/** The Items tab: the selection's items by title, with the submission columns and removal from the selection. */
export function IssueItemsTab({ teamId, issueId }: { teamId: number; issueId: number }) {
  const submissionColumns = useSubmissionColumns({ withState: false });
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
