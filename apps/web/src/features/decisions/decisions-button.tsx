import { FlagOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../lib/lazy-dialog';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const DecisionDialog = lazyDialog(
  () => import('./decision-dialog').then((m) => m.DecisionDialog),
  (props) => props.isOpen,
);

/** Opens the decisions dialog: on a report for its top k, in the items table for the ticked items. */
export function DecisionsButton({
  teamId,
  issueId,
  datasetIds,
  onDone,
}: {
  teamId: number;
  issueId?: number;
  datasetIds?: number[];
  onDone?(): void;
}) {
  const { t } = useTranslation('decisions');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button icon={<FlagOutlined />} onClick={() => setIsOpen(true)} data-testid="decisions-button">
        {datasetIds ? t('bulkButton') : t('button')}
      </Button>
      <DecisionDialog
        teamId={teamId}
        issueId={issueId}
        datasetIds={datasetIds}
        isOpen={isOpen}
        onClose={() => setIsOpen(false)}
        onDone={onDone}
      />
    </>
  );
}
