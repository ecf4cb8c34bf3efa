import { CopyOutlined, DeleteOutlined, LinkOutlined } from '@ant-design/icons';
import type { Judge } from '@shortlist/contract';
import { App, Button, Popconfirm, Space, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useJudgeError } from './use-judge-error';
import { useJudgeMutations } from './use-judges';
import './resources';

interface JudgeActionsProps {
  issueId: number;
  judge: Judge;
  /** Offered only when judges have subsets of items. */
  onCopyAccess?: () => void;
}

/** Copy the personal link, copy another judge's items, remove the judge (after confirmation). */
export function JudgeActions({ issueId, judge, onCopyAccess }: JudgeActionsProps) {
  const { t } = useTranslation('judges');
  const { message } = App.useApp();
  const { remove } = useJudgeMutations(issueId);
  const showError = useJudgeError();
  // The button's tooltip would stay over the confirmation's buttons while the pointer rests on it.
  const [isConfirming, setConfirming] = useState(false);

  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(judge.issue_answer_link);
      void message.success(t('linkCopied'));
    } catch {
      void message.warning(t('copyFailed', { link: judge.issue_answer_link }), 12);
    }
  };
  const handleRemove = () =>
    remove.mutateAsync(judge.user.id).then(
      () => void message.success(t('removed')),
      (error: unknown) => showError(error, 'removeFailed'),
    );

  return (
    <Space size={4}>
      <Tooltip title={t('copyLink')}>
        <Button
          size="small"
          icon={<LinkOutlined />}
          aria-label={t('copyLink')}
          onClick={() => void copyLink()}
        />
      </Tooltip>
      {onCopyAccess && (
        <Tooltip title={t('copyAccess.button')}>
          <Button
            size="small"
            icon={<CopyOutlined />}
            aria-label={t('copyAccess.button')}
            onClick={onCopyAccess}
            data-testid="judge-copy-access"
          />
        </Tooltip>
      )}
      <Popconfirm
        title={t('common.confirmDelete', { ns: 'translation' })}
        description={<Typography.Text type="secondary">{t('removeHint')}</Typography.Text>}
        onConfirm={handleRemove}
        okText={t('common.yes', { ns: 'translation' })}
        cancelText={t('common.cancel', { ns: 'translation' })}
        okButtonProps={{ danger: true }}
        onOpenChange={setConfirming}
      >
        <Tooltip title={isConfirming ? undefined : t('remove')}>
          <Button
            size="small"
            danger
            icon={<DeleteOutlined />}
            aria-label={t('remove')}
            data-testid="judge-remove"
          />
        </Tooltip>
      </Popconfirm>
    </Space>
  );
}
