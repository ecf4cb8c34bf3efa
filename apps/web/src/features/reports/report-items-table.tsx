import { EyeOutlined, InfoCircleOutlined } from '@ant-design/icons';
import type { Issue, ReportDataset, ReportQuery } from '@shortlist/contract';
import { Button, Empty, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { type CSSProperties, type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DistributionPlot } from './distribution-plot';
import { useFirstFrameRows } from './first-frame-rows';
import { axisMax, formatValue } from './format';
import { HoverTooltip } from './hover-tooltip';
import { useReportDistributions } from './use-report';
import { visiblePage } from './visible-page';
import './resources';
import { useItemTitles } from '../../lib/item-titles';

const PAGE_SIZE = 50;

// A row's cells are drawn 50 times: plain flex boxes (as Ant Design's Flex draws them) and tooltips built on
// hover (HoverTooltip) keep the table's first render light (issue 28).
const flexRow = (gap: number, alignItems?: CSSProperties['alignItems']): CSSProperties => ({
  display: 'flex',
  gap,
  alignItems,
});
const RANK_CELL = flexRow(6, 'baseline');
const STDEV_CELL = flexRow(6, 'center');
const ACTIONS_CELL = flexRow(4);

interface ReportItemsTableProps {
  issue: Issue;
  /** The report's filters: the box plots of the visible page are asked with them. */
  query: ReportQuery;
  datasets: ReportDataset[] | undefined;
  /** The largest judge value of the report: the end of the box plots' axis. */
  judgeValueMax: number | null;
  /** Items whose σ is above this are flagged as disagreements; null: none. */
  threshold?: number | null;
  isLoading: boolean;
  /** The item's information. */
  onInfo: (item: ReportDataset) => void;
  /** Each judge's responses to the item; absent when per-judge details are off (too many voters). */
  onViewResponses?: (item: ReportDataset) => void;
  /** The ticked rows (to promote them); absent: no check boxes. */
  ticked?: number[];
  onTick?: (ids: number[]) => void;
}

/**
 * The ranking: rank, item, tags, value by type (for ratings with criteria, clicking it shows the
 * per-criterion averages), answered/accessors, spread, and the info and view-responses buttons.
 */
export function ReportItemsTable({
  issue,
  query,
  datasets,
  judgeValueMax,
  threshold = null,
  isLoading,
  onInfo,
  onViewResponses,
  ticked,
  onTick,
}: ReportItemsTableProps) {
  const { t, i18n } = useTranslation('reports');
  const { shown, selectionLabels } = useItemTitles();
  const [expanded, setExpanded] = useState<readonly Key[]>([]);
  const toggle = (id: number) =>
    setExpanded((keys) => (keys.includes(id) ? keys.filter((key) => key !== id) : [...keys, id]));
  const max = axisMax(issue.resourcetype, issue.max_rating, judgeValueMax);
  // The rows on screen, in the table's order (a column sort reorders them): only their box plots are asked.
  const [page, setPage] = useState(1);
  const [sorted, setSorted] = useState<{ from: ReportDataset[]; rows: readonly ReportDataset[] } | null>(
    null,
  );
  const ordered = (sorted && sorted.from === datasets ? sorted.rows : datasets) ?? [];
  const { current, ids } = visiblePage(ordered, page, PAGE_SIZE);
  const distributions = useReportDistributions(issue.id, query, ids);
  const titleOf = (id: number) => issue.questions.find((question) => question.id === id)?.title ?? '';
  const hasCriteria = issue.resourcetype === 'RatingIssue' && issue.questions.length > 0;
  // The first frame draws the top of the ranking, with the pager of the whole of it (`total`).
  const firstFrame = useFirstFrameRows(datasets);

  const columns: TableColumnsType<ReportDataset> = [
    {
      key: 'rank',
      title: t('columns.rank'),
      width: 90,
      render: (_, row) => (
        <div style={RANK_CELL}>
          {row.rank ?? (
            <HoverTooltip title={t('noRank')}>
              <Typography.Text type="secondary" aria-label={t('noRank')} data-testid="no-rank">
                —
              </Typography.Text>
            </HoverTooltip>
          )}
          <RankShift shift={row.rank_shift} />
        </div>
      ),
    },
    { key: 'item', title: t('columns.item'), render: (_, row) => shown(row.title) },
    {
      key: 'tags',
      title: t('columns.tags'),
      render: (_, row) => row.tagsArray.map((tag) => <Tag key={tag}>{tag}</Tag>),
    },
    {
      key: 'value',
      title: t(`columns.${issue.resourcetype}`),
      render: (_, row) =>
        hasCriteria && row.criteria.length > 0 ? (
          <Button
            type="link"
            size="small"
            aria-expanded={expanded.includes(row.dataset_id)}
            onClick={() => toggle(row.dataset_id)}
            data-testid="report-value"
          >
            <Typography.Text strong>{formatValue(row.value, i18n.language)}</Typography.Text>
          </Button>
        ) : (
          <Typography.Text strong data-testid="report-value">
            {formatValue(row.value, i18n.language)}
          </Typography.Text>
        ),
    },
    {
      key: 'responses',
      title: <Tooltip title={t('responsesHelp')}>{t('columns.responses')}</Tooltip>,
      render: (_, row) => {
        const isComplete = row.nb_accessors > 0 && row.nb_answers === row.nb_accessors;
        return (
          <Typography.Text type={isComplete ? 'success' : undefined} data-testid="responses-cell">
            {row.nb_answers}/{row.nb_accessors}
          </Typography.Text>
        );
      },
    },
    {
      key: 'distribution',
      title: <Tooltip title={t('distributionHelp')}>{t('columns.distribution')}</Tooltip>,
      render: (_, row) => {
        const distribution = distributions?.get(row.dataset_id);
        return distribution ? (
          <DistributionPlot
            distribution={distribution}
            max={max}
            label={`${shown(row.title)}: ${formatValue(distribution.min, i18n.language)}–${formatValue(distribution.max, i18n.language)}, ${formatValue(distribution.median, i18n.language)}`}
          />
        ) : null;
      },
    },
    {
      key: 'stdev',
      title: <Tooltip title={t('disagreementHelp')}>{t('columns.stdev')}</Tooltip>,
      sorter: (a, b) => (a.stdev ?? -1) - (b.stdev ?? -1),
      render: (_, row) => (
        <div style={STDEV_CELL} data-testid="report-stdev">
          {formatValue(row.stdev, i18n.language)}
          {threshold !== null && row.stdev !== null && row.stdev > threshold && (
            <Tag color="orange" data-testid="disagreement-flag">
              {t('disagreement')}
            </Tag>
          )}
        </div>
      ),
    },
    {
      key: 'range',
      title: t('columns.range'),
      sorter: (a, b) => (a.range ?? -1) - (b.range ?? -1),
      render: (_, row) => formatValue(row.range, i18n.language),
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, row) => (
        <div style={ACTIONS_CELL}>
          <HoverTooltip title={t('info', { title: shown(row.title) })}>
            <Button
              size="small"
              icon={<InfoCircleOutlined />}
              aria-label={t('info', { title: shown(row.title) })}
              onClick={() => onInfo(row)}
              data-testid="item-info"
            />
          </HoverTooltip>
          {onViewResponses && (
            <HoverTooltip title={t('viewResponses', { title: shown(row.title) })}>
              <Button
                size="small"
                icon={<EyeOutlined />}
                aria-label={t('viewResponses', { title: shown(row.title) })}
                onClick={() => onViewResponses(row)}
                data-testid="item-responses"
              />
            </HoverTooltip>
          )}
        </div>
      ),
    },
  ];

  return (
    <Table<ReportDataset>
      // A new table once the first rows come: its spinner starts stopped. Ant Design's Spin stops in an effect
      // after the rows are drawn, and that class change on their container restyles every row a second time
      // before the first paint (issue 28). Later loads (a filter changed) keep the table and its sort.
      key={datasets === undefined ? 'pending' : 'loaded'}
      rowKey="dataset_id"
      columns={columns}
      dataSource={firstFrame.rows}
      rowSelection={
        ticked && onTick
          ? {
              selectedRowKeys: ticked,
              onChange: (keys) => onTick(keys.map(Number)),
              preserveSelectedRowKeys: false,
              ...selectionLabels,
            }
          : undefined
      }
      loading={isLoading}
      pagination={{
        current,
        pageSize: PAGE_SIZE,
        total: firstFrame.isCut ? datasets?.length : undefined,
        showSizeChanger: false,
        hideOnSinglePage: true,
      }}
      onChange={(pagination, _filters, _sorter, extra) => {
        setPage(pagination.current ?? 1);
        if (extra.action === 'sort' && datasets) setSorted({ from: datasets, rows: extra.currentDataSource });
      }}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('noAnswers')} /> }}
      expandable={
        hasCriteria
          ? {
              rowExpandable: (row) => row.criteria.length > 0,
              expandedRowKeys: expanded,
              onExpandedRowsChange: setExpanded,
              columnTitle: '',
              expandedRowRender: (row) => (
                <Table
                  rowKey="question"
                  size="small"
                  pagination={false}
                  dataSource={row.criteria}
                  columns={[
                    { key: 'criterion', title: t('criterion'), render: (_, c) => titleOf(c.question) },
                    {
                      key: 'average',
                      title: t('average'),
                      render: (_, c) => formatValue(c.average, i18n.language),
                    },
                    { key: 'answers', title: t('answers'), dataIndex: 'nb_answers' },
                  ]}
                  data-testid="criteria-table"
                />
              ),
            }
          : undefined
      }
      data-testid="report-items-table"
    />
  );
}

/** ▲3 / ▼2: how far the normalised ranking moved an item from the raw one; nothing when it did not. */
function RankShift({ shift }: { shift: number | null }) {
  const { t } = useTranslation('reports');
  if (!shift) return null;
  const label = t(shift > 0 ? 'movedUp' : 'movedDown', { count: Math.abs(shift) });
  return (
    <HoverTooltip title={label}>
      <Typography.Text type={shift > 0 ? 'success' : 'danger'} aria-label={label} data-testid="rank-shift">
        {shift > 0 ? '▲' : '▼'}
        {Math.abs(shift)}
      </Typography.Text>
    </HoverTooltip>
  );
}
