import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyPanel } from '../../lib/lazy-panel';
import { ImportExcelButton } from '../excel-import/import-excel-button';
import { parseTeamId, useCurrentTeam } from '../teams/team-context';
import { ITEMS_DEFAULT_ORDERING } from './api';
import { ItemsTable } from './items-table';
import { SelectionFilterSelect } from './selection-filter-select';
import { prefetchItemsTable } from './use-datasets';
import { useLinkedFormColumn, useSelectionsColumn, useSubmissionColumns } from './use-submission-columns';
import './resources';

// Shown once rows are checked: their modules, dialogs and texts load then, not with the page (issue 28).
const ItemsBulkActions = lazyPanel(
  () => import('../selections/items-bulk-actions').then((m) => m.ItemsBulkActions),
  null,
);
const MassEmailAction = lazyPanel(
  () => import('../emails/mass-email-action').then((m) => m.MassEmailAction),
  null,
);

/** Columns of the items page shown only once picked: the other defaults fit 1366 px, in both languages. */
const HIDDEN_BY_DEFAULT = ['submission_date', 'submission_state', 'form', 'issues'];

/** The page's first items, asked for by its route's loader with the navigation. */
export function prefetchItemsPage(teamId: number, issueId: number | undefined) {
  prefetchItemsTable(teamId, { issueId, ordering: ITEMS_DEFAULT_ORDERING });
}

/** `/team/:teamId/items`: every item of the team, whatever its type, or those of one selection (`?issue=`). */
export function ItemsPage() {
  const { t } = useTranslation('items');
  const team = useCurrentTeam();
  useDocumentTitle(t('title'));
  const [params, setParams] = useSearchParams();
  const issueId = parseTeamId(params.get('issue') ?? undefined) ?? undefined;
  const submissionColumns = useSubmissionColumns({ withState: true });
  const selectionsColumn = useSelectionsColumn(team.id);
  const linkedFormColumn = useLinkedFormColumn(team.id);
  const setIssueId = (id: number | undefined) => setParams(id ? { issue: String(id) } : {});
  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        <ImportExcelButton teamId={team.id} />
      </div>
      <ItemsTable
        key={issueId}
        tableKey="items"
        hiddenByDefault={HIDDEN_BY_DEFAULT}
        teamId={team.id}
        issueId={issueId}
        extraColumns={[...submissionColumns, linkedFormColumn, ...(issueId ? [] : [selectionsColumn])]}
        isExportable
        toolbarExtra={<SelectionFilterSelect teamId={team.id} value={issueId} onChange={setIssueId} />}
        bulkActions={(ids, clear) => (
          <>
            <ItemsBulkActions teamId={team.id} datasetIds={ids} issueId={issueId} onDone={clear} />
            <MassEmailAction datasetIds={ids} onDone={clear} />
          </>
        )}
      />
    </div>
  );
}
