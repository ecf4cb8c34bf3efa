import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Dataset } from '@shortlist/contract';
import { Button, Popconfirm, Space, type TableColumnsType, Typography } from 'antd';
import type { SortOrder } from 'antd/es/table/interface';
import { useTranslation } from 'react-i18next';
import { formatDate } from '../../lib/i18n/format';
import { ReviewCommentsButton } from '../reviews/review-comments-button';
import { ReviewStatusSelect } from '../reviews/review-status-select';
import { TagsCell } from './tags-cell';
import './resources';
import { useItemTitles } from '../../lib/item-titles';

/** Item labels are cut at this length in tables (spec). */
const TITLE_DISPLAY_LENGTH = 40;

export const truncateTitle = (title: string) =>
  title.length > TITLE_DISPLAY_LENGTH ? `${title.slice(0, TITLE_DISPLAY_LENGTH)}…` : title;

/** The review within the selection shown, or outside any selection in the team-wide table. */
export const itemReview = (dataset: Dataset, issueId?: number) =>
  dataset.reviews.find((review) => review.issue === (issueId ?? null));

interface ItemColumnsOptions {
  teamId: number;
  issueId?: number;
  ordering: string;
  isFullTags: boolean;
  onOpen: (id: number) => void;
  onEdit: (id: number) => void;
  onDelete: (id: number) => void;
}

/** The spec's columns; submission date, e-mail, state and linked form arrive with forms. */
export function useItemColumns(options: ItemColumnsOptions): TableColumnsType<Dataset> {
  const { t, i18n } = useTranslation('items');
  const { shown } = useItemTitles();
  const { teamId, issueId, ordering, isFullTags, onOpen, onEdit, onDelete } = options;
  const sortOrderOf = (field: string): SortOrder =>
    ordering === field ? 'ascend' : ordering === `-${field}` ? 'descend' : null;

  return [
    {
      key: 'title',
      title: t('columns.title'),
      sorter: true,
      sortOrder: sortOrderOf('title'),
      render: (_, dataset) => (
        <Typography.Link
          onClick={() => onOpen(dataset.id)}
          title={shown(dataset.title)}
          data-testid="item-title"
        >
          {truncateTitle(shown(dataset.title))}
        </Typography.Link>
      ),
    },
    {
      key: 'create_time',
      title: t('columns.createTime'),
      sorter: true,
      sortOrder: sortOrderOf('create_time'),
      render: (_, dataset) => formatDate(dataset.create_time, i18n.language),
    },
    {
      key: 'tags',
      title: t('columns.tags'),
      render: (_, dataset) => <TagsCell tags={dataset.tags} isFull={isFullTags} />,
    },
    {
      key: 'review_status',
      title: t('columns.reviewStatus'),
      render: (_, dataset) => (
        <ReviewStatusSelect
          teamId={teamId}
          datasetId={dataset.id}
          issueId={issueId}
          review={itemReview(dataset, issueId)}
        />
      ),
    },
    {
      key: 'review_comments',
      title: t('columns.reviewComments'),
      render: (_, dataset) => (
        <ReviewCommentsButton
          teamId={teamId}
          datasetId={dataset.id}
          issueId={issueId}
          review={itemReview(dataset, issueId)}
        />
      ),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      // Kept in view when the table scrolls sideways: edit and delete are the row's actions.
      fixed: 'right',
      render: (_, dataset) => (
        <Space size={4}>
          <Button
            size="small"
            icon={<EditOutlined />}
            aria-label={t('edit')}
            title={t('edit')}
            onClick={() => onEdit(dataset.id)}
            data-testid={`edit-item-${dataset.id}`}
          />
          <Popconfirm
            title={t('common.confirmDelete', { ns: 'translation' })}
            onConfirm={() => onDelete(dataset.id)}
            okText={t('delete')}
            cancelText={t('common.cancel', { ns: 'translation' })}
          >
            <Button
              size="small"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('delete')}
              title={t('delete')}
              data-testid={`delete-item-${dataset.id}`}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];
}
