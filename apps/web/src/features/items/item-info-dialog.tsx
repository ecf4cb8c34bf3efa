import { Button, Descriptions, Flex, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/i18n/format';
import { useItemTitles } from '../../lib/item-titles';
import { LoadError } from '../../lib/layout/load-error';
import { ReviewStatusTag } from '../reviews/review-status-tag';
import { ItemPath } from '../rounds/item-path';
import { contactAddressOf } from './format';
import { ItemAnswers } from './item-answers';
import { TagsCell } from './tags-cell';
import { useDataset, useItemTypeOf } from './use-datasets';
import { itemReview } from './use-item-columns';
import './resources';
import '../selections/resources';
import { issueManagePath } from '../selections/issue-paths';

interface ItemInfoDialogProps {
  teamId: number;
  datasetId: number | null;
  onClose: () => void;
  /** Without it (the report), the dialog only shows the item. */
  onEdit?: (id: number) => void;
}

/** An item read-only: its type, dates, tags, review and every answer. */
export function ItemInfoDialog({ teamId, datasetId, onClose, onEdit }: ItemInfoDialogProps) {
  const { t, i18n } = useTranslation('items');
  const { shown } = useItemTitles();
  const dataset = useDataset(datasetId);
  const itemType = useItemTypeOf(teamId, dataset.data?.data_model);
  const item = dataset.data;
  const status = item && itemReview(item)?.status;

  const body = () => {
    if (dataset.isError) return <LoadError onRetry={() => void dataset.refetch()} />;
    if (!item) return <Spin />;
    const fields = itemType.data?.datum_fields ?? [];
    return (
      <Flex vertical gap="middle">
        <Descriptions column={1} size="small" bordered>
          <Descriptions.Item label={t('details.itemType')}>{itemType.data?.label ?? '…'}</Descriptions.Item>
          <Descriptions.Item label={t('details.created')}>
            {formatDateTime(item.create_time, i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('details.updated')}>
            {formatDateTime(item.update_time, i18n.language)}
          </Descriptions.Item>
          <Descriptions.Item label={t('details.email')}>{contactAddressOf(item) ?? '—'}</Descriptions.Item>
          <Descriptions.Item label={t('details.tags')}>
            <TagsCell tags={item.tags} isFull />
          </Descriptions.Item>
          <Descriptions.Item label={t('details.review')}>
            {status ? <ReviewStatusTag status={status} /> : t('notReviewed')}
          </Descriptions.Item>
          <Descriptions.Item label={t('title', { ns: 'selections' })}>
            <Flex wrap gap={8} data-testid="item-issues">
              {item.issues.length === 0
                ? '—'
                : item.issues.map((issue) => (
                    <Link key={issue.id} to={issueManagePath(teamId, issue.id)} onClick={onClose}>
                      {issue.title}
                    </Link>
                  ))}
            </Flex>
          </Descriptions.Item>
        </Descriptions>
        <ItemPath teamId={teamId} datasetId={item.id} />
        <ItemAnswers dataset={item} fields={fields} />
      </Flex>
    );
  };

  return (
    <Modal
      open={datasetId !== null}
      title={item ? <Typography.Text ellipsis>{shown(item.title)}</Typography.Text> : t('info')}
      onCancel={onClose}
      width={720}
      footer={[
        <Button key="close" onClick={onClose}>
          {t('common.close', { ns: 'translation' })}
        </Button>,
        onEdit && (
          <Button key="edit" type="primary" disabled={!item} onClick={() => item && onEdit(item.id)}>
            {t('edit')}
          </Button>
        ),
      ]}
    >
      {body()}
    </Modal>
  );
}
