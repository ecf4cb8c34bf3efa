import { MailOutlined, SettingOutlined, UserAddOutlined } from '@ant-design/icons';
import type { JudgeStatus } from '@shortlist/contract';
import { Alert, Button, Flex, Input, Radio, Select, Skeleton, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../lib/layout/load-error';
import { lazyDialog } from '../../lib/lazy-dialog';
import { toOffsetLimit } from '../../lib/paging';
import { useIssue } from '../selections/use-issue';
import { JudgesTable } from './judges-table';
import { useAccessMode } from './use-access-mode';
import { useJudges } from './use-judges';
import './resources';

// Loaded the first time they open (lib/lazy-dialog.tsx): adding judges brings the e-mail check's schema.
const AddJudgesDialog = lazyDialog(
  () => import('./add-judges-dialog').then((m) => m.AddJudgesDialog),
  (props) => props.isOpen,
);
const AssignDialog = lazyDialog(
  () => import('./assign-dialog').then((m) => m.AssignDialog),
  (props) => props.isOpen,
);
const InviteAllDialog = lazyDialog(
  () => import('./invite-all-dialog').then((m) => m.InviteAllDialog),
  (props) => props.isOpen,
);

const AssignDrawer = lazyDialog(
  () => import('../assignment/assign-drawer').then((m) => m.AssignDrawer),
  (props) => props.isOpen,
);

const ALL = 'all';
const ASSIGN_PARAM = 'assign';
const STATUS_OPTIONS = [ALL, 'not_invited', 'invited', 'answered'] as const;

/** The Access tab of a selection: its judges, their items and invitations, and the public link. */
export function AccessTab({ issueId }: { issueId: number }) {
  const { t } = useTranslation('judges');
  const issue = useIssue(issueId);
  // Kept in the address (`&assign=expertise`): a reload, or a link, opens it again.
  const [params, setParams] = useSearchParams();
  const isAssigning = params.get(ASSIGN_PARAM) === 'expertise';
  const setAssigning = (isOpen: boolean) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (isOpen) next.set(ASSIGN_PARAM, 'expertise');
      else next.delete(ASSIGN_PARAM);
      return next;
    });
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<JudgeStatus | typeof ALL>(ALL);
  const [dialog, setDialog] = useState<'add' | 'spread' | 'inviteAll' | null>(null);
  const judges = useJudges(issueId, {
    ...toOffsetLimit({ page }),
    search: search || undefined,
    status: status === ALL ? undefined : status,
  });
  const accessMode = useAccessMode(issueId, issue.data?.resourcetype ?? 'RatingIssue');

  if (issue.isPending) return <Skeleton active />;
  if (issue.isError) return <LoadError onRetry={() => void issue.refetch()} />;
  const { data } = issue;
  const publicLink = `${window.location.origin}/selection/${issueId}/public`;
  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  return (
    <Flex vertical gap={16} data-testid="access-tab">
      {data.public && (
        <Alert
          type="info"
          showIcon
          title={t('publicNotice')}
          description={
            <Typography.Text
              copyable={{ text: publicLink, tooltips: [t('copyPublicLink'), t('publicLinkCopied')] }}
              data-testid="public-link"
            >
              {publicLink}
            </Typography.Text>
          }
        />
      )}
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap align="center">
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            onSearch={(value) => changeFilter(() => setSearch(value.trim()))}
            style={{ width: 260 }}
            data-testid="judges-search"
          />
          <Select
            value={status}
            onChange={(value) => changeFilter(() => setStatus(value))}
            options={STATUS_OPTIONS.map((value) => ({ value, label: t(`status.${value}`) }))}
            aria-label={t('statusFilter')}
            popupMatchSelectWidth={false}
            style={{ minWidth: 200 }}
            data-testid="judges-status-filter"
          />
        </Flex>
        <Flex gap={8} wrap align="center">
          <Button
            icon={<MailOutlined />}
            onClick={() => setDialog('inviteAll')}
            data-testid="judges-invite-all"
          >
            {t('inviteAll.button')}
          </Button>
          <Button icon={<SettingOutlined />} onClick={() => setDialog('spread')} data-testid="judges-spread">
            {t('spread.button')}
          </Button>
          <Button onClick={() => setAssigning(true)} data-testid="judges-assign-expertise">
            {t('assignByExpertise')}
          </Button>
          <Button
            type="primary"
            icon={<UserAddOutlined />}
            onClick={() => setDialog('add')}
            data-testid="judges-add"
          >
            {t('add.button')}
          </Button>
        </Flex>
      </Flex>
      <Flex gap={8} wrap align="center">
        <Typography.Text>{t('accessMode')}</Typography.Text>
        <Radio.Group
          optionType="button"
          value={data.access_all_items ? 'all' : 'subset'}
          disabled={accessMode.isPending}
          onChange={(event) => accessMode.change(event.target.value === 'all')}
          options={[
            { value: 'all', label: t('allItems') },
            { value: 'subset', label: t('subset') },
          ]}
          aria-label={t('accessMode')}
          data-testid="judges-access-mode"
        />
      </Flex>
      {judges.isError ? (
        <LoadError onRetry={() => void judges.refetch()} />
      ) : (
        <JudgesTable
          issueId={issueId}
          isSubset={!data.access_all_items}
          page={judges.data}
          isLoading={judges.isPending || judges.isPlaceholderData}
          isFiltered={Boolean(search) || status !== ALL}
          current={page}
          onPageChange={setPage}
        />
      )}
      <AddJudgesDialog issueId={issueId} isOpen={dialog === 'add'} onClose={() => setDialog(null)} />
      <AssignDialog issueId={issueId} isOpen={dialog === 'spread'} onClose={() => setDialog(null)} />
      <InviteAllDialog issueId={issueId} isOpen={dialog === 'inviteAll'} onClose={() => setDialog(null)} />
      <AssignDrawer
        issueId={issueId}
        title={data.title}
        isOpen={isAssigning}
        onClose={() => setAssigning(false)}
      />
    </Flex>
  );
}
