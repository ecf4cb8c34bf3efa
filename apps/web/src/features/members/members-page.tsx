import { ApiOutlined, UserAddOutlined } from '@ant-design/icons';
import type { Member } from '@shortlist/contract';
import { Button, Empty, Space, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../lib/layout/button-link';
import { PagedTable, usePageParam } from '../../lib/layout/paged-table';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyDialog } from '../../lib/lazy-dialog';
import { lazyPanel } from '../../lib/lazy-panel';
import { useCurrentTeam } from '../teams/team-context';
import { MemberStatusTag, RoleTag } from './member-tags';
import { RemoveMemberButton } from './remove-member-button';
import { useAdminMembers } from './use-admin-members';
import './resources';
import '../webhooks/resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
// Only servers with an identity provider show it (decision 82): the others never download it.
const TeamSsoSetting = lazyPanel(() => import('../sso/team-sso-setting').then((m) => m.TeamSsoSetting), null);
const AddMemberDialog = lazyDialog(
  () => import('./add-member-dialog').then((m) => m.AddMemberDialog),
  (props) => props.isOpen,
);

/** `/team/:teamId/members`: the admins of the team, paged by the server, and a dialog to add one. */
export function MembersPage() {
  const { t } = useTranslation('members');
  const team = useCurrentTeam();
  const [page, setPage] = usePageParam();
  const members = useAdminMembers(team.id, page);
  const [isAdding, setAdding] = useState(false);
  useDocumentTitle(t('title'));

  const columns: TableColumnsType<Member> = [
    { key: 'pseudo', title: t('pseudo'), render: (_, member) => member.pseudo || '—' },
    { key: 'email', title: t('email'), render: (_, member) => member.user.email },
    {
      key: 'role',
      title: t('role'),
      render: (_, member) => (
        <Space size={4} wrap>
          <RoleTag role={member.role} />
          <MemberStatusTag status={member.status} />
        </Space>
      ),
    },
    {
      key: 'actions',
      title: '',
      align: 'end',
      render: (_, member) => <RemoveMemberButton teamId={team.id} member={member} />,
    },
  ];

  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">
            {t('intro')}
            {members.data && ` · ${t('total', { count: members.data.count })}`}
          </Typography.Text>
        </div>
        <Space wrap>
          <ButtonLink to={`/team/${team.id}/webhooks`} icon={<ApiOutlined />} data-testid="webhooks-link">
            {t('title', { ns: 'webhooks' })}
          </ButtonLink>
          <Button type="primary" icon={<UserAddOutlined />} onClick={() => setAdding(true)}>
            {t('add')}
          </Button>
        </Space>
      </div>
      <PagedTable<Member>
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        query={members}
        page={page}
        onPageChange={setPage}
        emptyText={<Empty description={t('empty')} />}
        data-testid="members-table"
      />
      <TeamSsoSetting team={team} />
      <AddMemberDialog teamId={team.id} isOpen={isAdding} onClose={() => setAdding(false)} />
    </div>
  );
}
