import { EyeOutlined } from '@ant-design/icons';
import type { Issue, ReportUser } from '@shortlist/contract';
import { Button, Empty, Space, Table, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format';
import { VerificationTag } from '../auth/verification-tag';
import { judgeName } from './format';
import './resources';

/** The Judges sub-tab: each judge, how many items they answered of those they may, and when they submitted. */
export function JudgesTable({
  issue,
  users,
  isLoading,
  onView,
  extraColumns = [],
}: {
  issue: Issue;
  users: ReportUser[];
  isLoading: boolean;
  onView: (userId: number) => void;
  /** Columns another feature adds before the actions (the agreement's leniency and consistency). */
  extraColumns?: TableColumnsType<ReportUser>;
}) {
  const { t, i18n } = useTranslation('reports');
  const columns: TableColumnsType<ReportUser> = [
    {
      key: 'judge',
      title: t('judge'),
      render: (_, user) => (
        <Space size={4} wrap>
          {judgeName(user)}
          {judgeName(user) !== user.email && <Typography.Text type="secondary">{user.email}</Typography.Text>}
          {issue.public && <VerificationTag status={user.email_verification_status} />}
        </Space>
      ),
    },
    {
      key: 'answered',
      title: t('judges.answered'),
      render: (_, user) => `${user.nb_answered} / ${user.nb_accessible}`,
    },
    {
      key: 'submitted',
      title: t('judges.submitted'),
      render: (_, user) =>
        user.submitted_at ? formatDateTime(user.submitted_at, i18n.language) : t('judges.notSubmitted'),
    },
    ...extraColumns,
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, user) => (
        <Button
          size="small"
          icon={<EyeOutlined />}
          aria-label={t('judges.view', { name: judgeName(user) })}
          onClick={() => onView(user.id)}
          data-testid="view-judge"
        />
      ),
    },
  ];
  return (
    <Table<ReportUser>
      rowKey="id"
      columns={columns}
      dataSource={users}
      loading={isLoading}
      pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
      locale={{ emptyText: <Empty description={t('judges.empty')} /> }}
      scroll={{ x: 'max-content' }}
      data-testid="report-judges-table"
    />
  );
}
