import { CommentOutlined } from '@ant-design/icons';
import type { Issue, ReportComment, ReportSummaryUser } from '@shortlist/contract';
import { Alert, Button, Descriptions, Drawer, Empty, Spin, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format';
import { useItemTitles } from '../../lib/item-titles';
import { VerificationTag } from '../auth/verification-tag';
import { CommentsDrawer } from './comments-drawer';
import { judgeName } from './format';
import { JudgeValue } from './judge-value';
import { useUserReport } from './use-report';
import './resources';

type ItemRow = ReportSummaryUser['datasets'][number];

/** One judge's responses: each item they may answer, their value and their comments. */
export function JudgeReportDrawer({
  issue,
  userId,
  onClose,
}: {
  issue: Issue;
  userId: number | null;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation('reports');
  const { shown } = useItemTitles();
  const report = useUserReport(issue.id, userId);
  const [comments, setComments] = useState<{ title: string; list: ReportComment[] } | null>(null);
  const name = report.data ? judgeName(report.data.user) : '';

  const columns: TableColumnsType<ItemRow> = [
    { key: 'item', title: t('columns.item'), render: (_, row) => shown(row.title) },
    {
      key: 'value',
      title: t('value'),
      render: (_, row) => (
        <JudgeValue
          type={issue.resourcetype}
          value={row.value}
          isConflict={row.conflict}
          nbRanked={issue.nb_ranked}
        />
      ),
    },
    {
      key: 'comments',
      title: t('comments'),
      render: (_, row) => (
        <Button
          size="small"
          icon={<CommentOutlined />}
          disabled={row.comments.length === 0}
          aria-label={t('comments')}
          onClick={() => setComments({ title: shown(row.title), list: row.comments })}
        >
          {row.comments.length}
        </Button>
      ),
    },
  ];

  const body = () => {
    if (report.isError) return <Alert type="error" showIcon title={t('judgeLoadFailed')} />;
    if (!report.data) return <Spin description={t('loading')} />;
    const { user, submitted_at } = report.data;
    return (
      <>
        <Descriptions size="small" column={1} style={{ marginBottom: 16 }}>
          <Descriptions.Item label={t('judge')}>
            {user.email} {issue.public && <VerificationTag status={user.email_verification_status} />}
          </Descriptions.Item>
          <Descriptions.Item label={t('judges.submitted')}>
            {submitted_at ? formatDateTime(submitted_at, i18n.language) : t('judges.notSubmitted')}
          </Descriptions.Item>
        </Descriptions>
        <Table<ItemRow>
          rowKey="dataset_id"
          size="small"
          columns={columns}
          dataSource={report.data.datasets}
          pagination={report.data.datasets.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
          locale={{ emptyText: <Empty description={t('noAnswers')} /> }}
          data-testid="judge-report-table"
        />
      </>
    );
  };

  return (
    <Drawer
      open={userId !== null}
      title={t('judgeDrawerTitle', { name })}
      onClose={onClose}
      size="large"
      data-testid="judge-report-drawer"
    >
      {body()}
      <CommentsDrawer
        title={comments?.title ?? ''}
        comments={comments?.list ?? null}
        onClose={() => setComments(null)}
      />
    </Drawer>
  );
}
