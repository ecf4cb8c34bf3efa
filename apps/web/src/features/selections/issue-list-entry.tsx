import { CopyOutlined, EditOutlined } from '@ant-design/icons';
import type { IssueListItem } from '@shortlist/contract';
import { App, Button, Flex, List, Tag, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { ObjectTagsEditor } from '../tags/object-tags-editor';
import { issueManagePath } from './issue-paths';
import { useIssueMutations } from './use-issues';
import './resources';

interface IssueListEntryProps {
  teamId: number;
  issue: IssueListItem;
  onEdit: (id: number) => void;
}

/** One selection of the list: title, badges, item count, tags, and the duplicate and edit buttons. */
export function IssueListEntry({ teamId, issue, onEdit }: IssueListEntryProps) {
  const { t } = useTranslation('selections');
  const { message } = App.useApp();
  const mutations = useIssueMutations();
  const navigate = useNavigate();

  const handleDuplicate = () =>
    mutations.duplicate.mutate(issue.id, {
      onSuccess: (copy) =>
        void message.success({
          content: (
            <span>
              {t('duplicated')}{' '}
              {/* A toast renders outside the router: a <Link> there has no router to use. */}
              <Typography.Link
                onClick={() => void navigate(issueManagePath(teamId, copy.id))}
                data-testid="open-duplicate"
              >
                {t('openCopy')}
              </Typography.Link>
            </span>
          ),
          duration: 8,
        }),
      onError: () => void message.error(t('duplicateFailed')),
    });

  const saveTags = (ids: number[]) =>
    mutations.patch.mutateAsync({
      id: issue.id,
      patch: { resourcetype: issue.resourcetype, tags_patch: ids },
    });

  return (
    <List.Item
      data-testid={`issue-entry-${issue.id}`}
      actions={[
        <Tooltip key="duplicate" title={t('duplicate')}>
          <Button
            icon={<CopyOutlined />}
            aria-label={t('duplicate')}
            loading={mutations.duplicate.isPending}
            onClick={handleDuplicate}
            data-testid={`duplicate-issue-${issue.id}`}
          />
        </Tooltip>,
        <Tooltip key="edit" title={t('edit')}>
          <Button
            icon={<EditOutlined />}
            aria-label={t('edit')}
            onClick={() => onEdit(issue.id)}
            data-testid={`edit-issue-${issue.id}`}
          />
        </Tooltip>,
      ]}
    >
      <Flex vertical gap={6} style={{ minWidth: 0 }}>
        <Flex gap={8} wrap align="center">
          <Link to={issueManagePath(teamId, issue.id)} data-testid="issue-link">
            <Typography.Text strong>{issue.title}</Typography.Text>
          </Link>
          <Tag color="blue">{t(`types.${issue.resourcetype}`)}</Tag>
          {issue.status === 'closed' && <Tag color="red">{t('badges.closed')}</Tag>}
          {issue.status === 'archived' && (
            <Tag data-testid="issue-archived-badge">{t('badges.archived')}</Tag>
          )}
          {issue.public && <Tag color="green">{t('badges.public')}</Tag>}
          <Typography.Text type="secondary">
            {t('itemsCount', { count: issue.datasets_count })}
          </Typography.Text>
        </Flex>
        {issue.description && (
          <Typography.Paragraph type="secondary" ellipsis={{ rows: 2 }} style={{ marginBottom: 0 }}>
            {issue.description}
          </Typography.Paragraph>
        )}
        <ObjectTagsEditor value={issue.tags} onChange={saveTags} />
      </Flex>
    </List.Item>
  );
}
