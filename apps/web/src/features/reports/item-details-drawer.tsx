import { CommentOutlined, UserOutlined } from '@ant-design/icons';
import type { Issue, ReportComment, ReportDatasetDetails } from '@shortlist/contract';
import {
  Alert,
  Badge,
  Button,
  Drawer,
  Empty,
  Flex,
  Space,
  Spin,
  Table,
  type TableColumnsType,
  Tooltip,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useItemTitles } from '../../lib/item-titles';
import { VerificationTag } from '../auth/verification-tag';
import { LoadedItemAnswers } from '../items/item-answers';
import { ItemPath } from '../rounds/item-path';
import { CommentsDrawer } from './comments-drawer';
import { formatValue, judgeName } from './format';
import { JudgeValue } from './judge-value';
import { useDatasetReport } from './use-report';
import './resources';

type JudgeRow = ReportDatasetDetails['judges'][number];

interface ItemDetailsDrawerProps {
  issue: Issue;
  item: { dataset_id: number; title: string } | null;
  onlyVerified: boolean;
  /** Opens one judge's report; absent when per-judge results are off (above 100 voters). */
  onViewJudge?: (userId: number) => void;
  onClose: () => void;
}

/** One item: its answers, then each judge who may answer it, their value, criteria and comments. */
export function ItemDetailsDrawer({
  issue,
  item,
  onlyVerified,
  onViewJudge,
  onClose,
}: ItemDetailsDrawerProps) {
  const { t, i18n } = useTranslation('reports');
  const { shown } = useItemTitles();
  const details = useDatasetReport(issue.id, item?.dataset_id ?? null, onlyVerified);
  const [comments, setComments] = useState<{ name: string; list: ReportComment[] } | null>(null);
  const hasCriteria = issue.resourcetype === 'RatingIssue' && issue.questions.length > 0;

  const columns: TableColumnsType<JudgeRow> = [
    {
      key: 'judge',
      title: t('judge'),
      render: (_, row) => (
        <Space size={4} wrap>
          {judgeName(row.user)}
          {issue.public && <VerificationTag status={row.user.email_verification_status} />}
        </Space>
      ),
    },
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
    ...(hasCriteria
      ? issue.questions.map((question) => ({
          key: `q${question.id}`,
          title: question.title,
          render: (_: unknown, row: JudgeRow) =>
            formatValue(
              row.answers.find((answer) => answer.question === question.id)?.value ?? null,
              i18n.language,
            ),
        }))
      : []),
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, row) => (
        <Space size={4}>
          <Tooltip title={t('showComments', { name: judgeName(row.user) })}>
            <Badge count={row.comments.length} size="small">
              <Button
                size="small"
                icon={<CommentOutlined />}
                aria-label={t('showComments', { name: judgeName(row.user) })}
                disabled={row.comments.length === 0}
                onClick={() => setComments({ name: judgeName(row.user), list: row.comments })}
                data-testid="judge-comments"
              />
            </Badge>
          </Tooltip>
          {onViewJudge && (
            <Tooltip title={t('judges.view', { name: judgeName(row.user) })}>
              <Button
                size="small"
                icon={<UserOutlined />}
                aria-label={t('judges.view', { name: judgeName(row.user) })}
                onClick={() => onViewJudge(row.user.id)}
              />
            </Tooltip>
          )}
        </Space>
      ),
    },
  ];

  const body = () => {
    if (details.isError) return <Alert type="error" showIcon title={t('itemLoadFailed')} />;
    if (!details.data) return <Spin description={t('loading')} />;
    return (
      <Table<JudgeRow>
        rowKey={(row) => row.user.id}
        size="small"
        columns={columns}
        dataSource={details.data.judges}
        pagination={details.data.judges.length > 20 ? { pageSize: 20, showSizeChanger: false } : false}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: <Empty description={t('noAnswers')} /> }}
        data-testid="item-details-table"
      />
    );
  };

  return (
    <Drawer
      open={item !== null}
      title={item ? t('itemDrawerTitle', { title: shown(item.title) }) : ''}
      onClose={onClose}
      size="large"
      data-testid="item-details-drawer"
    >
      <Flex vertical gap="large">
        {item && <ItemPath teamId={issue.team} datasetId={item.dataset_id} />}
        {item && <LoadedItemAnswers teamId={issue.team} datasetId={item.dataset_id} />}
        {body()}
      </Flex>
      <CommentsDrawer
        title={comments ? t('showComments', { name: comments.name }) : ''}
        comments={comments?.list ?? null}
        onClose={() => setComments(null)}
      />
    </Drawer>
  );
}
