import {
  DEFAULT_TOP_K_MAX,
  defaultTopK,
  TOP_K_MAX,
  type TopKItem,
  type TopKVerdict,
} from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import {
  Alert,
  Button,
  Checkbox,
  Flex,
  InputNumber,
  Spin,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import './resources';
import { formatPercent } from '../../lib/i18n/format';
import { useItemTitles } from '../../lib/item-titles';
import { fetchTopK, type TopKSource, topKKey } from './api';

const verdictColors: Record<TopKVerdict, string> = { in: 'success', borderline: 'warning', out: 'default' };

export interface RankedItem {
  title: string;
  rank: number | null;
}

interface TopKRow extends TopKItem {
  title: string;
  rank: number | null;
}

export interface TopKPanelProps {
  source: TopKSource;
  /** The ranking on screen: each item's title and rank, by id. */
  ranking: Map<number, RankedItem>;
  /** The k last checked (null: none yet), for the export's probability column. */
  onChecked?: (k: number | null) => void;
  /** A pairwise selection's draws come from its model's beliefs, not from its judges (decision 189). */
  isPairwise?: boolean;
}

export function VerdictTag({ verdict }: { verdict: TopKVerdict }) {
  const { t } = useTranslation('topK');
  return (
    <Tag color={verdictColors[verdict]} data-testid={`verdict-${verdict}`}>
      {t(`verdict.${verdict}`)}
    </Tag>
  );
}

/**
 * "How sure is the shortlist?": the admin types k and checks; each item's probability of being in the top
 * k over 1,000 redrawn juries, with its verdict. In-for-sure and borderline items are listed; the others,
 * out, on demand.
 */
export function TopKPanel({ source, ranking, onChecked, isPairwise = false }: TopKPanelProps) {
  const { t, i18n } = useTranslation('topK');
  const { shown: titleOf } = useItemTitles();
  // Until the admin types, the proposal follows the ranking, which may arrive after the panel.
  const [typed, setTyped] = useState<number | null | undefined>(undefined);
  const draft = typed === undefined ? defaultTopK(ranking.size) : typed;
  const [k, setK] = useState<number | null>(null);
  const [showAll, setShowAll] = useState(false);
  const result = useQuery({
    queryKey: topKKey(source, k ?? 0),
    queryFn: ({ signal }) => fetchTopK(source, k ?? 0, signal),
    enabled: k !== null,
    staleTime: 60_000,
  });
  const shownK = k ?? draft ?? DEFAULT_TOP_K_MAX;

  const check = () => {
    if (draft === null) return;
    setK(draft);
    onChecked?.(draft);
  };

  const rows: TopKRow[] = (result.data?.items ?? []).map((item) => ({
    ...item,
    title: titleOf(ranking.get(item.dataset)?.title ?? String(item.dataset)),
    rank: ranking.get(item.dataset)?.rank ?? null,
  }));
  const counts = { in: 0, borderline: 0, out: 0 };
  for (const row of rows) counts[row.verdict]++;
  const shown = showAll ? rows : rows.filter((row) => row.verdict !== 'out');

  const columns: TableColumnsType<TopKRow> = [
    { key: 'rank', title: t('columns.rank'), width: 70, render: (_, row) => row.rank ?? t('noRank') },
    { key: 'item', title: t('columns.item'), dataIndex: 'title' },
    {
      key: 'probability',
      title: t('columns.probability', { count: result.data?.k ?? shownK }),
      align: 'right',
      render: (_, row) => formatPercent(row.probability, i18n.language),
    },
    { key: 'verdict', title: t('columns.verdict'), render: (_, row) => <VerdictTag verdict={row.verdict} /> },
  ];

  return (
    <Flex vertical gap={12} data-testid="top-k-panel">
      <Typography.Title level={5} style={{ margin: 0 }}>
        {t('title')}
      </Typography.Title>
      <Typography.Paragraph type="secondary" style={{ margin: 0 }}>
        {t(isPairwise ? 'pairwiseExplanation' : 'explanation', { count: shownK })}
      </Typography.Paragraph>
      <form
        onSubmit={(event) => {
          event.preventDefault();
          check();
        }}
      >
        <Flex gap={8} align="center" wrap>
          <label htmlFor="top-k-input">{t('k')}</label>
          <InputNumber
            id="top-k-input"
            min={1}
            max={TOP_K_MAX}
            precision={0}
            value={draft}
            onChange={(value) => setTyped(value)}
            aria-describedby="top-k-help"
            style={{ width: 96 }}
            data-testid="top-k-input"
          />
          <Button htmlType="submit" type="primary" disabled={draft === null} data-testid="top-k-check">
            {t('compute')}
          </Button>
          <Typography.Text id="top-k-help" type="secondary">
            {t('kHelp')}
          </Typography.Text>
        </Flex>
      </form>
      {result.isError && <Alert type="error" showIcon title={t('failed')} />}
      {k !== null && result.isPending && <Spin description={t('loading')} data-testid="top-k-loading" />}
      {result.data && (
        <>
          <Flex gap={8} wrap align="center" data-testid="top-k-summary" aria-live="polite">
            <Tag color={verdictColors.in}>{t('summary_in', { count: counts.in })}</Tag>
            <Tag color={verdictColors.borderline}>
              {t('summary_borderline', { count: counts.borderline })}
            </Tag>
            <Tag>{t('summary_out', { count: counts.out })}</Tag>
            <Typography.Text type="secondary">{t('judges', { count: result.data.judges })}</Typography.Text>
          </Flex>
          <Typography.Text type="secondary">{t('rule', { count: result.data.k })}</Typography.Text>
          <Table<TopKRow>
            rowKey="dataset"
            size="small"
            columns={columns}
            dataSource={shown}
            pagination={{ pageSize: 50, showSizeChanger: false, hideOnSinglePage: true }}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('empty') }}
            data-testid="top-k-table"
          />
          {counts.out > 0 && (
            <Flex gap={12} wrap align="center">
              {!showAll && (
                <Typography.Text type="secondary">{t('othersOut', { count: counts.out })}</Typography.Text>
              )}
              <Checkbox checked={showAll} onChange={(event) => setShowAll(event.target.checked)}>
                {t('showAll')}
              </Checkbox>
            </Flex>
          )}
        </>
      )}
    </Flex>
  );
}
