import type { Merge, MergeResults } from '@shortlist/contract';
import { Alert, Checkbox, Flex, Spin, Table, type TableColumnsType, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../lib/layout/download-button';
import { lazyPanel } from '../../lib/lazy-panel';
import { formatValue } from '../reports/format';
import { PromoteButton } from '../rounds/promote-button';
import { useMergeResults } from './use-merges';
import './resources';
import { useItemTitles } from '../../lib/item-titles';

const TopKPanel = lazyPanel(() => import('../top-k/top-k-panel').then((m) => m.TopKPanel));

interface MergedRow {
  datasetId: number;
  title: string;
  average: number | null;
  rank: number;
}

/** The results tab: the merged ranking (one column per selection, headed by its weight), then each selection's. */
export function MergeResultsTab({ merge, isActive }: { merge: Merge; isActive: boolean }) {
  const { t, i18n } = useTranslation('merges');
  const { t: tc } = useTranslation();
  const { shown, selectionLabels } = useItemTitles();
  const [normalised, setNormalised] = useState(false);
  // The k last checked in the "How sure" panel: the export then carries each item's probability.
  const [topK, setTopK] = useState<number | null>(null);
  const [ticked, setTicked] = useState<number[]>([]);
  const results = useMergeResults(merge.id, isActive, normalised);
  const ranking = useMemo(
    () =>
      new Map(
        Object.entries(results.data?.datasets ?? {}).map(([id, dataset]) => [
          Number(id),
          { title: dataset.title, rank: dataset.average === null ? null : dataset.rank },
        ]),
      ),
    [results.data],
  );
  if (results.isError)
    return <Alert type="error" showIcon title={t('results.failed')} data-testid="merge-failed" />;
  if (!results.data) return <Spin description={tc('common.loading')} />;
  const data = results.data;
  const format = (value: number | null | undefined) =>
    value === undefined
      ? t('results.notInSelection')
      : value === null
        ? t('results.noValue')
        : formatValue(value, i18n.language);

  const rows: MergedRow[] = data.order.map((datasetId) => {
    const dataset = data.datasets[datasetId];
    return {
      datasetId,
      title: shown(dataset?.title ?? ''),
      average: dataset?.average ?? null,
      rank: dataset?.rank ?? 0,
    };
  });
  const columns: TableColumnsType<MergedRow> = [
    { key: 'rank', title: t('results.rank'), dataIndex: 'rank', width: 70 },
    { key: 'item', title: t('results.item'), dataIndex: 'title' },
    ...data.issue_merge_infos.map((info) => ({
      key: `i${info.issue.id}`,
      title: (
        <Flex vertical>
          <span>{info.issue.title}</span>
          <Typography.Text type="secondary">
            {t('results.weight', { weight: formatValue(info.weight, i18n.language) })}
            {' · '}
            {t('results.scale', { scale: formatValue(data.scales[info.issue.id] ?? null, i18n.language) })}
          </Typography.Text>
        </Flex>
      ),
      render: (_: unknown, row: MergedRow) => format(data.issues[info.issue.id]?.[row.datasetId]),
    })),
    {
      key: 'final',
      title: t('results.final'),
      render: (_, row) => <Typography.Text strong>{formatValue(row.average, i18n.language)}</Typography.Text>,
    },
  ];

  return (
    <Flex vertical gap={24}>
      <Alert type="info" showIcon title={t('results.scaleNote')} data-testid="merge-scale-note" />
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Checkbox
          checked={normalised}
          onChange={(event) => setNormalised(event.target.checked)}
          data-testid="merge-normalised"
        >
          {t('results.normalised')}
        </Checkbox>
        <Flex gap={8} wrap>
          <PromoteButton
            source={{ kind: 'issues-merge', id: merge.id }}
            teamId={merge.team}
            title={merge.title}
            round={Math.max(1, ...merge.issue_merge_infos.map((info) => info.issue.round))}
            params={{ normalised: normalised || undefined }}
            tagOptions={[]}
            ticked={ticked}
          />
          <DownloadButton
            path={`issues-merge/${merge.id}/export_excel/`}
            filename={t('fileName', { title: merge.title })}
            query={{ normalised: normalised ? 'true' : undefined, k: topK ?? undefined }}
            testId="merge-export"
          >
            {t('results.export')}
          </DownloadButton>
        </Flex>
      </Flex>
      <Table<MergedRow>
        rowKey="datasetId"
        columns={columns}
        dataSource={rows}
        rowSelection={{
          selectedRowKeys: ticked,
          onChange: (keys) => setTicked(keys.map(Number)),
          ...selectionLabels,
        }}
        pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
        scroll={{ x: 'max-content' }}
        locale={{ emptyText: t('results.empty') }}
        data-testid="merge-results-table"
      />
      <TopKPanel
        source={{ kind: 'merge', id: merge.id, query: { normalised: normalised ? 'true' : undefined } }}
        ranking={ranking}
        onChecked={setTopK}
      />
      {data.issue_merge_infos.map((info) => (
        <SelectionRanking
          key={info.issue.id}
          issueId={info.issue.id}
          title={info.issue.title}
          results={data}
        />
      ))}
    </Flex>
  );
}

/** One selection's own ranking, from the values the merge used. */
function SelectionRanking({
  issueId,
  title,
  results,
}: {
  issueId: number;
  title: string;
  results: MergeResults;
}) {
  const { t, i18n } = useTranslation('merges');
  const { shown } = useItemTitles();
  const values = results.issues[issueId] ?? {};
  const ranks = results.issue_ranks[issueId] ?? {};
  const rows = Object.keys(values)
    .map((id) => ({
      datasetId: Number(id),
      title: shown(results.datasets[id]?.title ?? ''),
      value: values[id] ?? null,
      rank: ranks[id] ?? 0,
    }))
    .sort((a, b) => a.rank - b.rank || a.title.localeCompare(b.title));
  return (
    <div>
      <Typography.Title level={4}>{t('results.rankingOf', { title })}</Typography.Title>
      <Table
        rowKey="datasetId"
        size="small"
        dataSource={rows}
        pagination={{ pageSize: 20, showSizeChanger: false, hideOnSinglePage: true }}
        columns={[
          { key: 'rank', title: t('results.rank'), dataIndex: 'rank', width: 70 },
          { key: 'item', title: t('results.item'), dataIndex: 'title' },
          {
            key: 'value',
            title: t('results.value'),
            render: (_, row) =>
              row.value === null ? t('results.noValue') : formatValue(row.value, i18n.language),
          },
        ]}
        data-testid="selection-ranking"
      />
    </div>
  );
}
