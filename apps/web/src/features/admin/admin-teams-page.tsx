import { PlusOutlined, SettingOutlined } from '@ant-design/icons';
import type { Team } from '@shortlist/contract';
import { Button, Empty, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PagedTable, usePageParam } from '../../lib/layout/paged-table';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyPanel } from '../../lib/lazy-panel';
import { isTeamAdmin } from '../teams/api';
import { CreateTeamDialog } from './create-team-dialog';
import { PACKAGE_FLAGS } from './package-fields';
import { TeamPackageDrawer } from './team-package-drawer';
import { useSiteTeams } from './use-site-teams';

/** `/admin/teams` (superusers): every team, creation, and package settings. */
// Below the list, for the rare request: loaded when the page has drawn (decision 85).
const PersonalDataCard = lazyPanel(() =>
  import('../audit/personal-data-card').then((m) => m.PersonalDataCard),
);

export function AdminTeamsPage() {
  const { t } = useTranslation();
  const [page, setPage] = usePageParam();
  const teams = useSiteTeams(page);
  const [isCreating, setCreating] = useState(false);
  const [editedId, setEditedId] = useState<number | null>(null);
  const edited = teams.data?.results.find((team) => team.id === editedId);
  useDocumentTitle(t('admin.teamsTitle'));

  const columns: TableColumnsType<Team> = [
    { key: 'id', title: t('admin.id'), dataIndex: 'id', width: 70 },
    {
      key: 'title',
      title: t('admin.title'),
      render: (_, team) =>
        isTeamAdmin(team) ? <Link to={`/team/${team.id}`}>{team.title}</Link> : team.title,
    },
    {
      key: 'description',
      title: t('admin.description'),
      dataIndex: 'description',
      ellipsis: true,
      width: 240,
      responsive: ['md'],
    },
    {
      key: 'package',
      title: t('admin.editPackage'),
      width: 320,
      render: (_, team) => (
        <Space size={[4, 4]} wrap>
          {PACKAGE_FLAGS.filter((flag) => team.package[flag]).map((flag) => (
            <Tag key={flag}>{t(`admin.packageFields.${flag}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'role',
      title: t('admin.yourRole'),
      render: (_, team) =>
        team.my_membership ? (
          <Tag color="blue">{t(`members.roles.${team.my_membership.role.key}`)}</Tag>
        ) : (
          <Typography.Text type="secondary">{t('admin.noRole')}</Typography.Text>
        ),
    },
    {
      key: 'actions',
      title: '',
      align: 'right',
      // Kept in view when the table scrolls sideways: it is the row's action.
      fixed: 'right',
      render: (_, team) => (
        <Button
          icon={<SettingOutlined />}
          onClick={() => setEditedId(team.id)}
          aria-label={`${t('admin.editPackage')} – ${team.title}`}
        >
          {t('admin.editPackage')}
        </Button>
      ),
    },
  ];

  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('admin.teamsTitle')}</Typography.Title>
          <Typography.Text type="secondary">{t('admin.teamsIntro')}</Typography.Text>
        </div>
        <Button type="primary" icon={<PlusOutlined />} onClick={() => setCreating(true)}>
          {t('admin.createTeam')}
        </Button>
      </div>
      <PagedTable<Team>
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        query={teams}
        page={page}
        onPageChange={setPage}
        emptyText={<Empty description={t('admin.noTeams')} />}
      />
      <CreateTeamDialog isOpen={isCreating} onClose={() => setCreating(false)} />
      {edited && <TeamPackageDrawer team={edited} onClose={() => setEditedId(null)} />}
      <PersonalDataCard teamId={null} />
    </div>
  );
}
