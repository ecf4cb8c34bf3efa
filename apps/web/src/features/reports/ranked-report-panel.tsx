import type { Issue, RankedItem, RankedReport, RankedReportQuery } from '@shortlist/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { Alert, Flex, Table, Tag, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useItemTitles } from '../../lib/item-titles';
import { fetchRankedReport, rankedKeys } from './api';
import { PreferenceMatrix } from './preference-matrix';
import './resources';

/**
 * Ranked ballots counted two ways side by side (docs/judging.md, "Ranked ballots"): Borda's points and
 * Schulze's strongest paths, the Condorcet winner named when there is one, and the pairwise preferences
 * behind Schulze for the first items as a heat map.
 */
export function RankedReportPanel({ issue, query }: { issue: Issue; query: RankedReportQuery }) {
  const { t } = useTranslation('reports');
  const report = useQuery({
    queryKey: rankedKeys.report(issue.id, query),
    queryFn: ({ signal }) => fetchRankedReport(issue.id, query, signal),
    placeholderData: keepPreviousData,
  });
  if (report.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  const data = report.data;
  return (
    <Flex vertical gap={16} data-testid="ranked-report">
      <Typography.Text data-testid="ranked-summary">
        {data ? <Summary report={data} /> : t('loading')}
      </Typography.Text>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t('ranked.help', { count: issue.nb_ranked ?? 0 })}
        {data?.items.some(isOpen) && <span data-testid="schulze-open-help"> {t('ranked.openHelp')}</span>}
      </Typography.Paragraph>
      <RankedTable report={data} isLoading={report.isPending || report.isPlaceholderData} />
      {data && data.matrix_items.length > 1 && <PreferenceMatrix report={data} />}
    </Flex>
  );
}

function Summary({ report }: { report: RankedReport }) {
  const { t } = useTranslation('reports');
  const winner = report.items.find((item) => item.dataset_id === report.condorcet_winner);
  // Schulze is capped (SCHULZE_MAX): the items on a ballot beyond it show no Schulze rank.
  const onBallots = report.items.filter((item) => item.nb_ballots > 0).length;
  return (
    <>
      {t('ranked.ballots', { count: report.nb_ballots })}
      {' · '}
      {winner
        ? t('ranked.condorcet', { title: winner.title })
        : report.nb_ballots > 0
          ? t('ranked.noCondorcet')
          : null}
      {onBallots > report.schulze_items && (
        <span data-testid="schulze-capped">
          {' · '}
          {t('ranked.schulzeCapped', { count: report.schulze_items })}
        </span>
      )}
    </>
  );
}

/** Schulze's rank counts who beats an item: an item it does not order against another has a span of places. */
const isOpen = (item: RankedItem) =>
  item.schulze_rank !== null &&
  item.schulze_last_place !== null &&
  item.schulze_last_place > item.schulze_rank;

/** Borda's rank outside the places Schulze leaves the item. */
const bordaDiffers = ({ borda_rank: borda, schulze_rank: first, schulze_last_place: last }: RankedItem) =>
  borda !== null && first !== null && (borda < first || borda > (last ?? first));

function SchulzePlace({ item }: { item: RankedItem }) {
  const { t } = useTranslation('reports');
  if (!isOpen(item)) return item.schulze_rank ?? '—';
  const places = { first: item.schulze_rank, last: item.schulze_last_place };
  return (
    <span data-testid="schulze-open" role="img" aria-label={t('ranked.openPlaces', places)}>
      {places.first}–{places.last}
    </span>
  );
}

/** The item's title, and under it the items Schulze leaves unordered against it (decision 174). */
function TitleCell({ item, titles }: { item: RankedItem; titles: Map<number, string> }) {
  const { t, i18n } = useTranslation('reports');
  const { shown } = useItemTitles();
  if (item.schulze_unordered_count === 0) return shown(item.title);
  const more = item.schulze_unordered_count - item.schulze_unordered.length;
  // "A and B", or "A, B and 3 others" where the text adds the rest.
  const named = new Intl.ListFormat(i18n.language, { type: more > 0 ? 'unit' : 'conjunction' }).format(
    item.schulze_unordered.map((id) => titles.get(id) ?? String(id)),
  );
  return (
    <Flex vertical>
      <span>{shown(item.title)}</span>
      <Typography.Text
        type="secondary"
        data-testid="schulze-unordered"
        // Wraps within the cell: the table is as wide as its longest unbroken line on a phone.
        style={{ fontSize: 12, display: 'block', maxWidth: 280 }}
      >
        {more > 0
          ? t('ranked.unorderedMore', { titles: named, count: more })
          : t('ranked.unordered', { titles: named })}
      </Typography.Text>
    </Flex>
  );
}

function RankedTable({ report, isLoading }: { report: RankedReport | undefined; isLoading: boolean }) {
  const { t } = useTranslation('reports');
  const { shown } = useItemTitles();
  const rank = (value: number | null) => value ?? '—';
  const titles = new Map((report?.items ?? []).map((item) => [item.dataset_id, shown(item.title)]));
  const columns: ColumnsType<RankedItem> = [
    {
      key: 'schulze',
      title: t('ranked.schulzeRank'),
      width: 90,
      render: (_, row) => <SchulzePlace item={row} />,
    },
    {
      key: 'borda_rank',
      title: t('ranked.bordaRank'),
      width: 90,
      render: (_, row) =>
        bordaDiffers(row) ? (
          <Tag color="orange" data-testid="ranked-differs">
            {row.borda_rank}
          </Tag>
        ) : (
          rank(row.borda_rank)
        ),
    },
    { key: 'title', title: t('columns.item'), render: (_, row) => <TitleCell item={row} titles={titles} /> },
    { key: 'borda', title: t('ranked.borda'), dataIndex: 'borda', align: 'right', width: 110 },
    { key: 'first', title: t('ranked.firstPlaces'), dataIndex: 'first_places', align: 'right', width: 110 },
    { key: 'ballots', title: t('ranked.onBallots'), dataIndex: 'nb_ballots', align: 'right', width: 110 },
  ];
  return (
    <Table<RankedItem>
      rowKey="dataset_id"
      size="small"
      columns={columns}
      dataSource={report?.items ?? []}
      loading={isLoading}
      pagination={{ pageSize: 50, hideOnSinglePage: true }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: t('ranked.empty') }}
      data-testid="ranked-table"
    />
  );
}
