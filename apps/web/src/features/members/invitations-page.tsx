import { CheckOutlined, CloseOutlined } from '@ant-design/icons';
import type { TeamInvitation } from '@shortlist/contract';
import { App, Button, Card, Empty, Popconfirm, Space, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { formatDate } from '../../lib/i18n/format';
import { ButtonLink } from '../../lib/layout/button-link';
import { LoadError } from '../../lib/layout/load-error';
import { PageSpin } from '../../lib/layout/page-spin';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { RoleTag } from './member-tags';
import { useAnswerInvitation, useMyInvitations } from './use-invitations';
import './resources';

/**
 * `/invitations`: the teams whose admins invited the signed-in user; they become an admin only by
 * accepting here (decision 42).
 */
export function InvitationsPage() {
  const { t, i18n } = useTranslation('members');
  const { message } = App.useApp();
  const navigate = useNavigate();
  const invitations = useMyInvitations();
  const { accept, refuse } = useAnswerInvitation();
  useDocumentTitle(t('invitations.title'));

  const handleAccept = (invitation: TeamInvitation) =>
    accept.mutate(invitation, {
      onSuccess: (team) => {
        void message.success(t('invitations.accepted', { team: team.title }));
        navigate(`/team/${team.id}`);
      },
      onError: () => void message.error(t('invitations.answerFailed')),
    });

  const handleRefuse = (invitation: TeamInvitation) =>
    refuse.mutate(invitation, {
      onSuccess: () => void message.info(t('invitations.refused', { team: invitation.team.title })),
      onError: () => void message.error(t('invitations.answerFailed')),
    });

  if (invitations.isPending) return <PageSpin />;
  if (invitations.isError) return <LoadError onRetry={() => void invitations.refetch()} />;
  const isAnswering = accept.isPending || refuse.isPending;

  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('invitations.title')}</Typography.Title>
          <Typography.Text type="secondary">{t('invitations.intro')}</Typography.Text>
        </div>
      </div>
      {invitations.data.length === 0 ? (
        <Empty description={t('invitations.empty')}>
          <ButtonLink type="primary" to="/">
            {t('invitations.toHome')}
          </ButtonLink>
        </Empty>
      ) : (
        <Space direction="vertical" size="middle" style={{ width: '100%' }} data-testid="invitations">
          {invitations.data.map((invitation) => (
            <Card
              key={invitation.id}
              title={invitation.team.title}
              extra={<RoleTag role={invitation.role} />}
              actions={[
                <Button
                  key="accept"
                  type="primary"
                  icon={<CheckOutlined />}
                  disabled={isAnswering}
                  onClick={() => handleAccept(invitation)}
                >
                  {t('invitations.accept')}
                </Button>,
                <Popconfirm
                  key="refuse"
                  title={t('invitations.refuseConfirm', { team: invitation.team.title })}
                  onConfirm={() => handleRefuse(invitation)}
                  okText={t('invitations.refuse')}
                  cancelText={t('common.cancel', { ns: 'translation' })}
                  okButtonProps={{ danger: true }}
                >
                  <Button icon={<CloseOutlined />} disabled={isAnswering}>
                    {t('invitations.refuse')}
                  </Button>
                </Popconfirm>,
              ]}
            >
              <Typography.Text type="secondary">
                {t('invitations.invitedOn', { date: formatDate(invitation.create_time, i18n.language) })}
              </Typography.Text>
            </Card>
          ))}
        </Space>
      )}
    </div>
  );
}
