import { ISSUES_PAGE_SIZE } from '@shortlist/contract';
import { Button, Empty, Flex, Input, List, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoadError } from '../../lib/layout/load-error';
import { lazyDialog } from '../../lib/lazy-dialog';
import { parsePage, toOffsetLimit } from '../../lib/paging';
import { TAGS_PARAM } from '../tags/tag-query';
import { useTagFilter } from '../tags/use-tag-filter';
import { useCurrentTeam } from '../teams/team-context';
import { IssueListEntry } from './issue-list-entry';
import { useIssue } from './use-issue';
import { useIssues } from './use-issues';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const IssueDialog = lazyDialog(
  () => import('./issue-dialog').then((m) => m.IssueDialog),
  (props) => props.isOpen,
);

const FILTER_PARAMS = ['search', 'status', 'public', 'page', TAGS_PARAM];
const STATUS_VALUES = ['open', 'closed'] as const;
const PUBLIC_VALUES = ['true', 'false'] as const;
const ALL = 'all';
const pick = <T extends string>(value: string | null, allowed: readonly T[]) =>
  allowed.find((option) => option === value);

/** The team's selections, newest first, with search, status, public and tag filters kept in the query. */
export function IssuesList() {
  const { t } = useTranslation('selections');
  const team = useCurrentTeam();
  const [params, setParams] = useSearchParams();
  const tagFilter = useTagFilter();
  const [editId, setEditId] = useState<number | null>(null);
  const editing = useIssue(editId);
  const page = parsePage(params.get('page'));
  const status = pick(params.get('status'), STATUS_VALUES);
  const isPublic = pick(params.get('public'), PUBLIC_VALUES);
  const search = params.get('search') ?? '';
  const issues = useIssues(team.id, {
    ...toOffsetLimit({ page, pageSize: ISSUES_PAGE_SIZE }),
    search: search || undefined,
    status,
    public: isPublic === undefined ? undefined : isPublic === 'true',
    tags: tagFilter.tagsQuery,
  });
  const isFiltered = Boolean(search || status || isPublic || tagFilter.tagIds.length);

  const setParam = (name: string, value: string | undefined) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      if (name !== 'page') next.delete('page');
      return next;
    });
  const resetFilters = () =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      for (const name of FILTER_PARAMS) next.delete(name);
      return next;
    });

  const empty = isFiltered ? (
    <Empty description={t('emptyFiltered')}>
      <Button type="link" onClick={resetFilters} data-testid="reset-filters">
        {t('resetFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('empty')} />
  );

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Input.Search
          key={search}
          defaultValue={search}
          allowClear
          placeholder={t('filters.search')}
          aria-label={t('filters.search')}
          onSearch={(value) => setParam('search', value.trim() || undefined)}
          style={{ width: 240 }}
          data-testid="issues-search"
        />
        <Select
          value={status ?? ALL}
          aria-label={t('filters.status')}
          onChange={(value) => setParam('status', value === ALL ? undefined : value)}
          options={[
            { value: ALL, label: t('filters.allStatuses') },
            { value: 'open', label: t('filters.open') },
            { value: 'closed', label: t('filters.closed') },
          ]}
          style={{ minWidth: 170 }}
          data-testid="issues-status-filter"
        />
        <Select
          value={isPublic ?? ALL}
          aria-label={t('filters.visibility')}
          onChange={(value) => setParam('public', value === ALL ? undefined : value)}
          options={[
            { value: ALL, label: t('filters.all') },
            { value: 'true', label: t('filters.public') },
            { value: 'false', label: t('filters.private') },
          ]}
          style={{ minWidth: 170 }}
          data-testid="issues-public-filter"
        />
      </Flex>
      {issues.isError ? (
        <LoadError onRetry={() => void issues.refetch()} />
      ) : (
        <List
          bordered
          loading={issues.isPending || issues.isPlaceholderData}
          dataSource={issues.data?.results}
          locale={{ emptyText: empty }}
          renderItem={(issue) => <IssueListEntry teamId={team.id} issue={issue} onEdit={setEditId} />}
          pagination={
            (issues.data?.count ?? 0) > ISSUES_PAGE_SIZE && {
              current: page,
              pageSize: ISSUES_PAGE_SIZE,
              total: issues.data?.count,
              showSizeChanger: false,
              onChange: (next) => setParam('page', next > 1 ? String(next) : undefined),
            }
          }
          data-testid="issues-list"
        />
      )}
      <IssueDialog
        isOpen={editId !== null && editing.data !== undefined}
        issue={editing.data}
        onClose={() => setEditId(null)}
      />
    </Flex>
  );
}
