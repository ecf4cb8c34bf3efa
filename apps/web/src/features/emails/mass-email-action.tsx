import { MailOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../lib/lazy-dialog';
import { useCurrentTeam } from '../teams/team-context';
import './resources';

// Its form, the mailing's fields and their libraries load the first time it opens (lib/lazy-dialog.tsx).
const MassEmailDialog = lazyDialog(
  () => import('./mass-email-dialog').then((m) => m.MassEmailDialog),
  (props) => props.isOpen,
);

/** The items table's bulk action: the checked items' e-mails in a new or a draft mailing (package only). */
export function MassEmailAction({ datasetIds, onDone }: { datasetIds: number[]; onDone(): void }) {
  const { t } = useTranslation('emails');
  const team = useCurrentTeam();
  const [isOpen, setOpen] = useState(false);
  const limit = team.package.mass_emails_batch_size_limit;
  if (!team.package.mass_emails) return null;
  const isTooMany = datasetIds.length > limit;
  return (
    <>
      <Tooltip title={isTooMany ? t('bulk.tooMany', { count: limit }) : undefined}>
        <Button
          icon={<MailOutlined />}
          disabled={isTooMany}
          onClick={() => setOpen(true)}
          data-testid="mass-email"
        >
          {t('bulk.button')}
        </Button>
      </Tooltip>
      <MassEmailDialog
        datasetIds={datasetIds}
        isOpen={isOpen}
        onClose={() => setOpen(false)}
        onDone={onDone}
      />
    </>
  );
}
