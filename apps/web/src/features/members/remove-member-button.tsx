import { UserDeleteOutlined } from '@ant-design/icons';
import { LAST_ADMIN, type Member } from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { useCurrentUser } from '../../lib/auth/use-current-user';
import { memberKeys, removeMember } from './api';
import './resources';

/**
 * Removes a member after a confirmation (an invitation is withdrawn). Their access to the workspace ends
 * at their next request; removing oneself leaves the workspace, and the page goes home.
 */
export function RemoveMemberButton({ teamId, member }: { teamId: number; member: Member }) {
  const { t } = useTranslation('members');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const me = useCurrentUser().data;
  const name = member.pseudo || member.user.email;
  const isSelf = member.user.id !== null && member.user.id === me?.id;
  const remove = useMutation({
    mutationFn: () => removeMember(teamId, member.id),
    onSuccess: () => {
      if (isSelf) {
        queryClient.clear();
        navigate('/');
        return;
      }
      void message.success(t('removed', { name }));
      void queryClient.invalidateQueries({ queryKey: memberKeys.all(teamId) });
    },
    onError: (error) =>
      void message.error(
        error instanceof ApiError && error.code === LAST_ADMIN ? t('lastAdmin') : t('removeFailed'),
      ),
  });
  const confirm = isSelf
    ? t('leaveConfirm')
    : member.status === 'accepted'
      ? t('removeConfirm', { name })
      : t('withdrawConfirm', { name });
  return (
    <Popconfirm title={confirm} onConfirm={() => remove.mutate()} okButtonProps={{ danger: true }}>
      <Button
        danger
        size="small"
        icon={<UserDeleteOutlined />}
        loading={remove.isPending}
        aria-label={t('removeLabel', { name })}
        data-testid="member-remove"
      >
        {t('remove')}
      </Button>
    </Popconfirm>
  );
}
