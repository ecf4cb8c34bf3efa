import type { Issue } from '@shortlist/contract';
import { App, Button, Card, Descriptions, Flex, Popconfirm, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { CriteriaTable } from './criteria-table';
import { useIssueSaveError } from './use-issue-save-error';
import { useIssueMutations } from './use-issues';
import './resources';

const STATUS_LABELS = {
  open: 'manage.statusOpen',
  closed: 'manage.statusClosed',
  archived: 'manage.statusArchived',
} as const satisfies Record<Issue['status'], string>;

/** The selection's settings at a glance, its criteria (rating), and Close/Reopen and Delete. */
export function GeneralTab({ issue }: { issue: Issue }) {
  const { t } = useTranslation('selections');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const mutations = useIssueMutations();
  const showSaveError = useIssueSaveError();
  const isOpen = issue.status === 'open';

  const handleStatus = () =>
    mutations.patch.mutate(
      { id: issue.id, patch: { resourcetype: issue.resourcetype, status: isOpen ? 'closed' : 'open' } },
      {
        onSuccess: () => void message.success(t(isOpen ? 'manage.closed' : 'manage.reopened')),
        onError: showSaveError,
      },
    );

  const handleDelete = () =>
    mutations.remove.mutate(issue.id, {
      onSuccess: () => {
        void message.success(tc('common.deleted'));
        navigate(`/team/${issue.team}/issues`);
      },
      onError: () => void message.error(tc('common.error')),
    });

  const numbers = {
    RatingIssue: t('manage.scaleValue', { min: issue.min_rating, max: issue.max_rating, step: issue.step }),
    SelectionIssue: t('manage.pickValue', { min: issue.min_items, max: issue.max_items }),
    TokenIssue: t('manage.tokensValue', { tokens: issue.nb_tokens, perItem: issue.max_per_item }),
    TextIssue: null,
    RankedIssue: t('manage.rankedValue', { count: issue.nb_ranked ?? 0 }),
    PairwiseIssue: issue.shortlist_size
      ? t('manage.shortlistValue', { count: issue.shortlist_size })
      : t('manage.shortlistDefault'),
  }[issue.resourcetype];

  return (
    <Flex vertical gap={16}>
      <Card size="small" title={t('manage.info')}>
        {issue.description && (
          <Typography.Paragraph className="sl-pre-line">{issue.description}</Typography.Paragraph>
        )}
        <Descriptions size="small" column={{ xs: 1, md: 2 }} data-testid="issue-info">
          <Descriptions.Item label={t('manage.type')}>{t(`types.${issue.resourcetype}`)}</Descriptions.Item>
          <Descriptions.Item label={t('manage.status')}>
            <span data-testid="issue-status">{t(STATUS_LABELS[issue.status])}</span>
          </Descriptions.Item>
          <Descriptions.Item label={t('manage.visibility')}>
            {t(issue.public ? 'manage.public' : 'manage.private')}
          </Descriptions.Item>
          <Descriptions.Item label={t('manage.items')}>{issue.datasets_count}</Descriptions.Item>
          {numbers && <Descriptions.Item label={t('manage.scale')}>{numbers}</Descriptions.Item>}
        </Descriptions>
        {issue.resourcetype === 'RatingIssue' && (
          <div style={{ marginTop: 16 }}>
            <CriteriaTable issue={issue} />
          </div>
        )}
      </Card>
      <Flex gap={8} wrap>
        {/* Archived is a state without a transition in the spec: neither Close nor Reopen applies. */}
        {issue.status !== 'archived' && (
          <Popconfirm
            title={t(isOpen ? 'manage.closeConfirm' : 'manage.reopenConfirm')}
            okText={tc('common.yes')}
            cancelText={tc('common.no')}
            onConfirm={handleStatus}
          >
            <Button loading={mutations.patch.isPending} data-testid="toggle-issue-status">
              {t(isOpen ? 'manage.close' : 'manage.reopen')}
            </Button>
          </Popconfirm>
        )}
        <Popconfirm
          title={tc('common.confirmDelete')}
          okText={tc('common.yes')}
          cancelText={tc('common.no')}
          onConfirm={handleDelete}
        >
          <Button danger loading={mutations.remove.isPending} data-testid="delete-issue">
            {t('manage.delete')}
          </Button>
        </Popconfirm>
      </Flex>
    </Flex>
  );
}
