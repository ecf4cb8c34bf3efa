import type { Merge } from '@shortlist/contract';
import { Alert, Button, Empty, Flex, type TableColumnsType, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useSearchParams } from 'react-router';
import { formatDate } from '../../lib/i18n/format';
import { PagedTable, usePageParam } from '../../lib/layout/paged-table';
import { lazyDialog } from '../../lib/lazy-dialog';
import { toOffsetLimit } from '../../lib/paging';
import { ObjectTagsEditor } from '../tags/object-tags-editor';
import { useTagFilter } from '../tags/use-tag-filter';
import { useCurrentTeam } from '../teams/team-context';
import { useMergeMutations, useMerges } from './use-merges';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const MergeFormDialog = lazyDialog(
  () => import('./merge-form-dialog').then((m) => m.MergeFormDialog),
  (props) => props.isOpen,
);

const MERGE_PARAM = 'merge';

/**
 * The Selection merges tab of the selections list: paged merges and their tags. The side panel's
 * 'Merge selections' button opens the create dialog through ?merge=new.
 */
export function MergesTab(_props: Record<string, never>) {
  const { t, i18n } = useTranslation('merges');
  const team = useCurrentTeam();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const tagFilter = useTagFilter();
  const canMerge = team.package.can_merge_issues;
  const merges = useMerges(team.id, { ...toOffsetLimit({ page }), tags: tagFilter.tagsQuery }, canMerge);
  const { update } = useMergeMutations();

  const setParam = (name: string, value: string | null) =>
    setParams((current) => {
      const next = new URLSearchParams(current);
      if (value) next.set(name, value);
      else next.delete(name);
      return next;
    });

  const columns: TableColumnsType<Merge> = [
    {
      key: 'title',
      title: t('page.selection'),
      render: (_, merge) => (
        <Flex vertical>
          <Link to={`/team/${team.id}/issues-merge/${merge.id}`} data-testid="merge-link">
            {merge.title}
          </Link>
          <Typography.Text type="secondary" ellipsis style={{ maxWidth: 420 }}>
            {merge.description}
          </Typography.Text>
        </Flex>
      ),
    },
    {
      key: 'selections',
      render: (_, merge) => t('list.selections', { count: merge.issue_merge_infos.length }),
    },
    {
      key: 'tags',
      render: (_, merge) => (
        <ObjectTagsEditor
          value={merge.tags}
          onChange={(tags) => update.mutateAsync({ id: merge.id, patch: { tags } })}
        />
      ),
    },
    { key: 'created', render: (_, merge) => formatDate(merge.create_time, i18n.language) },
  ];

  if (!canMerge) return <Alert type="info" showIcon title={t('list.notAllowed')} />;

  const emptyText = tagFilter.tagIds.length ? (
    <Empty description={t('list.emptyFiltered')}>
      <Button type="link" onClick={tagFilter.clear}>
        {t('list.resetFilters')}
      </Button>
    </Empty>
  ) : (
    <Empty description={t('list.empty')} />
  );

  return (
    <Flex vertical gap={12}>
      <PagedTable<Merge>
        rowKey="id"
        showHeader={false}
        columns={columns}
        scroll={{ x: 'max-content' }}
        query={merges}
        page={page}
        onPageChange={setPage}
        emptyText={emptyText}
        data-testid="merges-table"
      />
      <MergeFormDialog
        isOpen={params.get(MERGE_PARAM) === 'new'}
        onClose={() => setParam(MERGE_PARAM, null)}
        onSaved={(merge) => navigate(`/team/${team.id}/issues-merge/${merge.id}`)}
      />
    </Flex>
  );
}
