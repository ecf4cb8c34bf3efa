import { EditOutlined, PlusOutlined } from '@ant-design/icons';
import type { Issue, IssueQuestion } from '@shortlist/contract';
import { App, Button, Flex, Space, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../lib/lazy-dialog';
import { ConfirmDeleteButton } from '../reviews/confirm-delete-button';
import { useIssueMutations } from './use-issues';
import { weightShares } from './weight-shares';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const CriterionDialog = lazyDialog(
  () => import('./criterion-dialog').then((m) => m.CriterionDialog),
  (props) => props.criterion !== null,
);

/** The criteria of a rating selection with their share of the weighted average; add, edit, delete. */
export function CriteriaTable({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation('selections');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const mutations = useIssueMutations();
  const [editing, setEditing] = useState<IssueQuestion | 'new' | null>(null);
  const shares = weightShares(
    issue.questions.map((question) => question.weight),
    i18n.language,
  );

  const handleDelete = (id: number) =>
    mutations.removeQuestion.mutateAsync(id).then(
      () => void message.success(tc('common.deleted')),
      () => void message.error(tc('common.error')),
    );

  return (
    <Flex vertical gap={8}>
      <Flex justify="space-between" align="center" wrap gap={8}>
        <div>
          <Typography.Title level={5} style={{ margin: 0 }}>
            {t('criteria.title')}
          </Typography.Title>
          <Typography.Text type="secondary">{t('criteria.intro')}</Typography.Text>
        </div>
        <Button icon={<PlusOutlined />} onClick={() => setEditing('new')} data-testid="add-criterion">
          {t('criteria.add')}
        </Button>
      </Flex>
      <Table<IssueQuestion>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={issue.questions}
        locale={{ emptyText: t('criteria.empty') }}
        data-testid="criteria-table"
        columns={[
          { key: 'title', title: t('criteria.name'), dataIndex: 'title' },
          { key: 'description', title: t('criteria.description'), dataIndex: 'description' },
          { key: 'weight', title: t('criteria.weight'), dataIndex: 'weight' },
          {
            key: 'share',
            title: t('criteria.share'),
            render: (_, _question, index) => <span data-testid="criterion-share">{shares[index]}</span>,
          },
          {
            key: 'actions',
            title: t('criteria.actions'),
            render: (_, question) => (
              <Space size={4}>
                <Button
                  size="small"
                  icon={<EditOutlined />}
                  aria-label={t('criteria.edit', { name: question.title })}
                  onClick={() => setEditing(question)}
                />
                <ConfirmDeleteButton
                  size="small"
                  label={t('criteria.delete', { name: question.title })}
                  onConfirm={() => handleDelete(question.id)}
                />
              </Space>
            ),
          },
        ]}
      />
      <CriterionDialog issueId={issue.id} criterion={editing} onClose={() => setEditing(null)} />
    </Flex>
  );
}
