import type { AffinitySource, AssignmentPair } from '@shortlist/contract';
import { App, Button, Card, Empty, Flex, Input, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format';
import { PagedTable } from '../../lib/layout/paged-table';
import { lazyDialog } from '../../lib/lazy-dialog';
import { toOffsetLimit } from '../../lib/paging';
import { useJudgeError } from '../judges/use-judge-error';
import { useAssignmentMutations, usePairs } from './use-assignment';
import './resources';

const AddPairDialog = lazyDialog(
  () => import('./add-pair-dialog').then((m) => m.AddPairDialog),
  (props) => props.isOpen,
);

const rowKey = (pair: AssignmentPair) => `${pair.user}-${pair.dataset}`;

/**
 * Step 5: the pairs of the assignment with their affinity, bid and why they matched ("matched on: …");
 * a pair removed or a judge added to an item by hand, the quality above follows.
 */
export function PairsTable({ issueId, source }: { issueId: number; source: AffinitySource | null }) {
  const { t } = useTranslation('assignment');
  const { message } = App.useApp();
  const format = useFormat();
  const [page, setPage] = useState(1);
  const [isAdding, setAdding] = useState(false);
  const [search, setSearch] = useState('');
  const pairs = usePairs(issueId, { ...toOffsetLimit({ page }), search: search || undefined });
  const { adjust } = useAssignmentMutations(issueId);
  const showError = useJudgeError();

  const remove = (pair: AssignmentPair) =>
    adjust.mutate(
      { add: [], remove: [{ user: pair.user, dataset: pair.dataset }] },
      {
        onSuccess: () => void message.success(t('pairs.removed')),
        onError: (error) => showError(error, 'accessFailed'),
      },
    );
  // An uploaded score has no terms to show: it was computed elsewhere.
  const explanation = (pair: AssignmentPair) =>
    source === 'uploaded'
      ? t('pairs.uploadedScore')
      : pair.matched_on.length > 0
        ? t('pairs.matchedOn', { terms: pair.matched_on.join(', ') })
        : t('pairs.nothingMatched');

  const columns: TableColumnsType<AssignmentPair> = [
    { title: t('pairs.item'), dataIndex: 'dataset_title', key: 'item' },
    { title: t('pairs.judge'), dataIndex: 'name', key: 'judge' },
    {
      title: t('pairs.affinity'),
      key: 'affinity',
      align: 'right',
      render: (_, pair) => format.number(pair.affinity, 2),
    },
    { title: t('pairs.bid'), key: 'bid', render: (_, pair) => t(`bids.${pair.bid ?? 'none'}`) },
    {
      title: t('pairs.why'),
      key: 'why',
      render: (_, pair) => (
        <Typography.Text
          type={pair.matched_on.length > 0 ? undefined : 'secondary'}
          data-testid="pair-matched-on"
        >
          {explanation(pair)}
        </Typography.Text>
      ),
    },
    {
      title: t('pairs.actions'),
      key: 'actions',
      render: (_, pair) => (
        <Button
          size="small"
          danger
          onClick={() => remove(pair)}
          disabled={adjust.isPending}
          aria-label={t('pairs.removeLabel', { judge: pair.name, item: pair.dataset_title })}
          data-testid="pair-remove"
        >
          {t('pairs.remove')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('pairs.title')} data-testid="assign-pairs">
      <Flex vertical gap={12}>
        <Flex justify="space-between" gap={8} wrap>
          <Button onClick={() => setAdding(true)} data-testid="pair-add">
            {t('pairs.add')}
          </Button>
          <Input.Search
            allowClear
            placeholder={t('pairs.search')}
            aria-label={t('pairs.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            className="sl-assign-search"
            data-testid="pair-search"
          />
        </Flex>
        <PagedTable<AssignmentPair>
          query={pairs}
          page={page}
          onPageChange={setPage}
          rowKey={rowKey}
          columns={columns}
          // The explanation wraps: the table fits the drawer's width, and scrolls on a phone.
          scroll={{ x: 760 }}
          emptyText={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(search ? 'pairs.noMatch' : 'pairs.empty')}
            />
          }
          onRow={(pair) =>
            ({
              'data-testid': `pair-row-${pair.dataset_title}-${pair.name}`,
            }) as React.HTMLAttributes<HTMLElement>
          }
        />
      </Flex>
      <AddPairDialog issueId={issueId} isOpen={isAdding} onClose={() => setAdding(false)} />
    </Card>
  );
}
