import type { InviteAllResult } from '@shortlist/contract';
import { App, Flex, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { InvitationMessageInput } from './invitation-message-input';
import { useJudgeError } from './use-judge-error';
import { useJudgeMutations } from './use-judges';
import './resources';

const SKIP_REASONS = ['answered', 'no_items', 'invalid_email', 'left'] as const;

/** "Invite all not yet invited": one send to every judge never invited who has items to answer. */
export function InviteAllDialog({
  issueId,
  isOpen,
  onClose,
}: {
  issueId: number;
  isOpen: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('judges');
  const { t: tc } = useTranslation();
  const { message: toast } = App.useApp();
  const [message, setMessage] = useState('');
  const { inviteAll } = useJudgeMutations(issueId);
  const showError = useJudgeError();

  const report = (result: InviteAllResult) => {
    const skipped = SKIP_REASONS.filter((reason) => result.skipped[reason] > 0).map((reason) =>
      t(`inviteAll.skipped.${reason}`, { count: result.skipped[reason] }),
    );
    const lines = [t('inviteAll.sent', { count: result.sent }), ...skipped];
    const content = (
      <span style={{ whiteSpace: 'pre-line' }} data-testid="invite-all-result">
        {lines.join('\n')}
      </span>
    );
    if (result.sent > 0) void toast.success({ content, duration: 10 });
    else void toast.info({ content, duration: 10 });
  };

  const handleSend = () =>
    inviteAll.mutate(
      { message: message.trim() || undefined },
      {
        onSuccess: (result) => {
          report(result);
          onClose();
        },
        onError: (error) => showError(error, 'inviteFailed'),
      },
    );

  return (
    <Modal
      open={isOpen}
      title={t('inviteAll.title')}
      onCancel={onClose}
      afterClose={() => setMessage('')}
      onOk={handleSend}
      okText={t('inviteAll.send')}
      cancelText={tc('common.cancel')}
      okButtonProps={{ loading: inviteAll.isPending, 'data-testid': 'invite-all-send' }}
    >
      <Flex vertical gap={12}>
        <Typography.Paragraph style={{ marginBottom: 0 }}>{t('inviteAll.intro')}</Typography.Paragraph>
        <InvitationMessageInput value={message} onChange={setMessage} />
      </Flex>
    </Modal>
  );
}
