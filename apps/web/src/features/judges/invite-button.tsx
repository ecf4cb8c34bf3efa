import { MailOutlined } from '@ant-design/icons';
import type { Judge } from '@shortlist/contract';
import { App, Button } from 'antd';
import { useTranslation } from 'react-i18next';
import { useJudgeError } from './use-judge-error';
import { useJudgeMutations } from './use-judges';

/** Invite, then Remind, with the number of sends left; none once the judge has answered or at zero. */
export function InviteButton({ issueId, judge }: { issueId: number; judge: Judge }) {
  const { t } = useTranslation('judges');
  const { message } = App.useApp();
  const { invite } = useJudgeMutations(issueId);
  const showError = useJudgeError();
  const label = judge.nb_invitations > 0 ? t('remind') : t('invite');

  const handleClick = () =>
    invite.mutate(judge.user.id, {
      onSuccess: (result) => {
        if (result.type === 'ANSWERED_ALREADY') void message.info(t('answeredAlready'));
        else void message.success(t('invited'));
      },
      onError: (error) => showError(error, 'inviteFailed'),
    });

  return (
    <Button
      size="small"
      icon={<MailOutlined />}
      onClick={handleClick}
      loading={invite.isPending}
      disabled={judge.has_submitted || judge.invitations_left === 0}
      data-testid="judge-invite"
    >
      {`${label} · ${t('left', { count: judge.invitations_left })}`}
    </Button>
  );
}
