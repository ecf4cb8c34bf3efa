import { FolderAddOutlined, MinusCircleOutlined, PlusOutlined } from '@ant-design/icons';
import type { Issue } from '@shortlist/contract';
import { App, Button, Popconfirm } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyDialog } from '../../lib/lazy-dialog';
import { DecisionsButton } from '../decisions/decisions-button';
import { issueManagePath } from './issue-paths';
import { useIssueMutations } from './use-issues';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const IssueDialog = lazyDialog(
  () => import('./issue-dialog').then((m) => m.IssueDialog),
  (props) => props.isOpen,
);
const AddToIssueDialog = lazyDialog(
  () => import('./add-to-issue-dialog').then((m) => m.AddToIssueDialog),
  (props) => props.isOpen,
);

interface ItemsBulkActionsProps {
  teamId: number;
  datasetIds: number[];
  /** Inside a selection, the checked items can be taken out of it. */
  issueId?: number;
  onDone: () => void;
}

/** What can be done with checked items: a new selection from them, add them to one, or remove them from this one. */
export function ItemsBulkActions({ teamId, datasetIds, issueId, onDone }: ItemsBulkActionsProps) {
  const { t } = useTranslation('selections');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const { addDatasets, removeDatasets } = useIssueMutations();
  const [dialog, setDialog] = useState<'create' | 'add' | null>(null);
  const count = datasetIds.length;

  const handleCreated = (issue: Issue) =>
    addDatasets.mutate(
      { id: issue.id, datasets: datasetIds },
      {
        onSuccess: () => {
          onDone();
          navigate(issueManagePath(teamId, issue.id));
        },
        onError: () => void message.error(t('bulk.addFailed')),
      },
    );

  const handleRemove = (id: number) =>
    removeDatasets.mutate(
      { id, datasets: datasetIds },
      {
        onSuccess: () => {
          void message.success(t('items.removed'));
          onDone();
        },
        onError: () => void message.error(t('items.removeFailed')),
      },
    );

  return (
    <>
      {issueId !== undefined && (
        <Popconfirm
          title={t('items.removeConfirm', { count })}
          okText={tc('common.yes')}
          cancelText={tc('common.no')}
          onConfirm={() => handleRemove(issueId)}
        >
          <Button
            icon={<MinusCircleOutlined />}
            loading={removeDatasets.isPending}
            data-testid="remove-from-issue"
          >
            {t('items.remove', { count })}
          </Button>
        </Popconfirm>
      )}
      {issueId === undefined && (
        <>
          <Button
            icon={<PlusOutlined />}
            onClick={() => setDialog('create')}
            data-testid="create-issue-from-items"
          >
            {t('bulk.createFrom', { count })}
          </Button>
          <Button
            icon={<FolderAddOutlined />}
            onClick={() => setDialog('add')}
            data-testid="add-items-to-issue"
          >
            {t('bulk.addTo', { count })}
          </Button>
        </>
      )}
      <DecisionsButton teamId={teamId} datasetIds={datasetIds} onDone={onDone} />
      <IssueDialog isOpen={dialog === 'create'} onClose={() => setDialog(null)} onSaved={handleCreated} />
      <AddToIssueDialog
        teamId={teamId}
        datasetIds={datasetIds}
        isOpen={dialog === 'add'}
        onClose={() => setDialog(null)}
        onAdded={onDone}
      />
    </>
  );
}
