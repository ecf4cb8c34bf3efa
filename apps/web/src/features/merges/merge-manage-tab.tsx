import { DeleteOutlined, EditOutlined } from '@ant-design/icons';
import type { Merge, MergeInfo } from '@shortlist/contract';
import { App, Button, Descriptions, Flex, Popconfirm, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { lazyDialog } from '../../lib/lazy-dialog';
import { useCurrentTeam } from '../teams/team-context';
import { useMergeMutations } from './use-merges';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const MergeFormDialog = lazyDialog(
  () => import('./merge-form-dialog').then((m) => m.MergeFormDialog),
  (props) => props.isOpen,
);

/** The manage tab: title, description, the selections with their weights, edit and delete. */
export function MergeManageTab({ merge }: { merge: Merge }) {
  const { t } = useTranslation('merges');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const team = useCurrentTeam();
  const navigate = useNavigate();
  const [isEditing, setIsEditing] = useState(false);
  const { remove } = useMergeMutations();

  const onDelete = () =>
    remove.mutate(merge.id, {
      onSuccess: () => {
        void message.success(tc('common.deleted'));
        navigate(`/team/${team.id}/issues?tab=merges`);
      },
      onError: () => void message.error(tc('common.error')),
    });

  return (
    <Flex vertical gap={16}>
      <Descriptions column={1} bordered size="small">
        <Descriptions.Item label={t('form.title')}>{merge.title}</Descriptions.Item>
        <Descriptions.Item label={t('form.description')}>
          {merge.description || <Typography.Text type="secondary">{t('page.noDescription')}</Typography.Text>}
        </Descriptions.Item>
      </Descriptions>
      <Table<MergeInfo>
        rowKey={(info) => info.issue.id}
        size="small"
        pagination={false}
        dataSource={merge.issue_merge_infos}
        columns={[
          { key: 'selection', title: t('page.selection'), render: (_, info) => info.issue.title },
          { key: 'weight', title: t('page.weight'), dataIndex: 'weight' },
        ]}
        data-testid="merge-infos-table"
      />
      <Flex gap={8}>
        <Button icon={<EditOutlined />} onClick={() => setIsEditing(true)} data-testid="edit-merge">
          {t('page.edit')}
        </Button>
        <Popconfirm
          title={tc('common.confirmDelete')}
          okText={tc('common.yes')}
          cancelText={tc('common.no')}
          onConfirm={onDelete}
        >
          <Button danger icon={<DeleteOutlined />} loading={remove.isPending} data-testid="delete-merge">
            {t('page.delete')}
          </Button>
        </Popconfirm>
      </Flex>
      <MergeFormDialog merge={merge} isOpen={isEditing} onClose={() => setIsEditing(false)} />
    </Flex>
  );
}
