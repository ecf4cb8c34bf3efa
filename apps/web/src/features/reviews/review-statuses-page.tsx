import { ArrowLeftOutlined, EditOutlined, PlusOutlined, TagsOutlined } from '@ant-design/icons';
import { REVIEW_STATUSES_MAX, type ReviewStatus } from '@shortlist/contract';
import { App, Button, Empty, Space, Table, type TableColumnsType, Tooltip, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../lib/layout/button-link';
import { LoadError } from '../../lib/layout/load-error';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyDialog } from '../../lib/lazy-dialog';
import { useCurrentTeam } from '../teams/team-context';
import { useColorName } from './color-swatches';
import { ConfirmDeleteButton } from './confirm-delete-button';
import { ReviewStatusTag } from './review-status-tag';
import { useReviewStatuses, useReviewStatusMutations } from './use-review-statuses';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const ReviewStatusDialog = lazyDialog(
  () => import('./review-status-dialog').then((m) => m.ReviewStatusDialog),
  (props) => props.status !== undefined,
);
const TagsManagerDialog = lazyDialog(
  () => import('./tags-manager-dialog').then((m) => m.TagsManagerDialog),
  (props) => props.open,
);

/** `/team/:teamId/issues/review-statuses`: the team's review statuses, added, edited and deleted here. */
export function ReviewStatusesPage() {
  const { t } = useTranslation('reviews');
  const { message } = App.useApp();
  const team = useCurrentTeam();
  const statuses = useReviewStatuses(team.id);
  const { remove } = useReviewStatusMutations(team.id);
  const colorName = useColorName();
  const [editing, setEditing] = useState<ReviewStatus | null | undefined>(undefined);
  const [isManagingTags, setManagingTags] = useState(false);
  useDocumentTitle(t('title'));
  const isAtLimit = (statuses.data?.length ?? 0) >= REVIEW_STATUSES_MAX;

  const handleDelete = (status: ReviewStatus) =>
    remove.mutateAsync(status.id).then(
      () => void message.success(t('common.deleted', { ns: 'translation' })),
      () => void message.error(t('common.error', { ns: 'translation' })),
    );

  const columns: TableColumnsType<ReviewStatus> = [
    { key: 'label', title: t('label'), render: (_, status) => <ReviewStatusTag status={status} /> },
    { key: 'color', title: t('color'), render: (_, status) => colorName(status.bg_color) },
    {
      key: 'actions',
      title: t('actions'),
      align: 'right',
      render: (_, status) => (
        <Space>
          <Button
            icon={<EditOutlined />}
            aria-label={t('edit', { label: status.label })}
            onClick={() => setEditing(status)}
          />
          <ConfirmDeleteButton
            label={t('delete', { label: status.label })}
            onConfirm={() => handleDelete(status)}
          />
        </Space>
      ),
    },
  ];

  return (
    <div className="sl-page">
      <ButtonLink type="link" icon={<ArrowLeftOutlined />} to={`/team/${team.id}/issues`}>
        {t('backToSelections')}
      </ButtonLink>
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">{t('intro', { max: REVIEW_STATUSES_MAX })}</Typography.Text>
        </div>
        <Space wrap>
          <Button icon={<TagsOutlined />} onClick={() => setManagingTags(true)} data-testid="manage-tags">
            {t('tags.manage')}
          </Button>
          <Tooltip title={isAtLimit ? t('atLimit', { max: REVIEW_STATUSES_MAX }) : undefined}>
            <Button
              type="primary"
              icon={<PlusOutlined />}
              disabled={isAtLimit || !statuses.data}
              onClick={() => setEditing(null)}
              data-testid="add-review-status"
            >
              {t('add')}
            </Button>
          </Tooltip>
        </Space>
      </div>
      {statuses.isError ? (
        <LoadError onRetry={() => void statuses.refetch()} />
      ) : (
        <Table<ReviewStatus>
          rowKey="id"
          columns={columns}
          dataSource={statuses.data}
          loading={statuses.isPending}
          pagination={false}
          locale={{ emptyText: <Empty description={t('empty')} /> }}
          data-testid="review-statuses-table"
        />
      )}
      <ReviewStatusDialog teamId={team.id} status={editing} onClose={() => setEditing(undefined)} />
      <TagsManagerDialog teamId={team.id} open={isManagingTags} onClose={() => setManagingTags(false)} />
    </div>
  );
}
