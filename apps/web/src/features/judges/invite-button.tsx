import { MailOutlined } from '@ant-design/icons';
import type { Judge } from '@shortlist/contract';
import { Button, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InviteDialog } from './invite-dialog';
import './resources';

/**
 * "Invite (3 invitations left)", then "Remind (2 reminders left)": the spec's sends left, named; each opens the mail's preview first. Disabled
 * once the judge has answered or at zero, with a tooltip saying which.
 */
export function InviteButton({ issueId, judge }: { issueId: number; judge: Judge }) {
  const { t } = useTranslation('judges');
  const [isOpen, setOpen] = useState(false);
  const label = t(judge.nb_invitations > 0 ? 'remindLeft' : 'inviteLeft', { count: judge.invitations_left });
  const disabledReason = judge.has_submitted
    ? t('inviteDisabled.answered')
    : judge.invitations_left === 0
      ? t('inviteDisabled.noneLeft')
      : undefined;

  const button = (
    <Button
      size="small"
      icon={<MailOutlined />}
      onClick={() => setOpen(true)}
      disabled={disabledReason !== undefined}
      data-testid="judge-invite"
    >
      {label}
    </Button>
  );
  if (disabledReason)
    // A disabled button takes no focus nor hover: the wrapper carries the reason for both.
    return (
      <Tooltip title={disabledReason} trigger={['hover', 'focus']}>
        {/* biome-ignore lint/a11y/noNoninteractiveTabindex: focusable so that keyboard users reach the reason */}
        <span tabIndex={0} data-testid="judge-invite-disabled">
          {button}
        </span>
      </Tooltip>
    );
  return (
    <>
      {button}
      <InviteDialog issueId={issueId} judge={judge} isOpen={isOpen} onClose={() => setOpen(false)} />
    </>
  );
}
