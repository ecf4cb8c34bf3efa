import { RiseOutlined } from '@ant-design/icons';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './resources';
import { lazyDialog } from '../../lib/lazy-dialog';
import type { PromoteDialogProps } from './promote-dialog';

const PromoteDialog = lazyDialog<PromoteDialogProps>(
  () => import('./promote-dialog').then((module) => module.PromoteDialog),
  (props) => props.open,
);

/** The "Promote" action of a report or a merge's results; its dialog loads when first opened. */
export function PromoteButton(props: Omit<PromoteDialogProps, 'open' | 'onClose'>) {
  const { t } = useTranslation('rounds');
  const [open, setOpen] = useState(false);
  return (
    <>
      <Tooltip title={t('promoteHelp')}>
        <Button icon={<RiseOutlined />} onClick={() => setOpen(true)} data-testid="promote-open">
          {t('promote')}
        </Button>
      </Tooltip>
      <PromoteDialog {...props} open={open} onClose={() => setOpen(false)} />
    </>
  );
}
