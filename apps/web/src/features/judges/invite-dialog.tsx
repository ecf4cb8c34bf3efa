import type { Judge } from '@shortlist/contract';
import { App, Card, Flex, Modal, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadError } from '../../lib/layout/load-error';
import { useDebouncedValue } from '../merges/use-debounced-value';
import { InvitationMessageInput } from './invitation-message-input';
import { useJudgeError } from './use-judge-error';
import { useInvitationPreview, useJudgeMutations } from './use-judges';
import './resources';

const PREVIEW_DELAY_MS = 400;

interface InviteDialogProps {
  issueId: number;
  judge: Judge;
  isOpen: boolean;
  onClose: () => void;
}

/** The invitation or reminder as the judge will get it, with an optional personal message, then Send. */
export function InviteDialog({ issueId, judge, isOpen, onClose }: InviteDialogProps) {
  const { t } = useTranslation('judges');
  const { t: tc } = useTranslation();
  const { message: toast } = App.useApp();
  const [message, setMessage] = useState('');
  const previewed = useDebouncedValue(message, PREVIEW_DELAY_MS);
  const preview = useInvitationPreview(issueId, isOpen ? judge.user.id : null, previewed);
  const { invite } = useJudgeMutations(issueId);
  const showError = useJudgeError();
  const isReminder = judge.nb_invitations > 0;

  const handleSend = () =>
    invite.mutate(
      { user: judge.user.id, message: message.trim() || undefined },
      {
        onSuccess: (result) => {
          if (result.type === 'ANSWERED_ALREADY') void toast.info(t('answeredAlready'));
          else void toast.success(t('invited'));
          onClose();
        },
        onError: (error) => showError(error, 'inviteFailed'),
      },
    );

  return (
    <Modal
      open={isOpen}
      title={t(isReminder ? 'preview.remindTitle' : 'preview.inviteTitle', { email: judge.user.email })}
      onCancel={onClose}
      afterClose={() => setMessage('')}
      onOk={handleSend}
      okText={t(isReminder ? 'preview.sendReminder' : 'preview.send')}
      cancelText={tc('common.cancel')}
      okButtonProps={{ loading: invite.isPending, 'data-testid': 'invitation-send' }}
      width={640}
    >
      <Flex vertical gap={16}>
        <InvitationMessageInput value={message} onChange={setMessage} />
        <Card size="small" title={t('preview.title')} data-testid="invitation-preview">
          {preview.isError ? (
            <LoadError onRetry={() => void preview.refetch()} />
          ) : preview.isPending ? (
            <Skeleton active paragraph={{ rows: 4 }} />
          ) : (
            <Flex
              vertical
              gap={8}
              style={{ opacity: preview.isPlaceholderData ? 0.6 : 1 }}
              aria-busy={preview.isFetching}
            >
              <Typography.Text>
                <Typography.Text type="secondary">{t('preview.to')} </Typography.Text>
                {preview.data.to}
              </Typography.Text>
              <Typography.Text data-testid="invitation-preview-subject">
                <Typography.Text type="secondary">{t('preview.subject')} </Typography.Text>
                <strong>{preview.data.subject}</strong>
              </Typography.Text>
              <Typography.Paragraph
                style={{ whiteSpace: 'pre-wrap', marginBottom: 0, overflowWrap: 'anywhere' }}
                data-testid="invitation-preview-body"
              >
                {preview.data.text}
              </Typography.Paragraph>
              <Typography.Text type="secondary">
                {t('preview.languageNote', {
                  language: t(`preview.languages.${preview.data.language === 'fr' ? 'fr' : 'en'}`),
                })}
              </Typography.Text>
            </Flex>
          )}
        </Card>
      </Flex>
    </Modal>
  );
}
