import { DeleteOutlined, PlusOutlined } from '@ant-design/icons';
import { DATASET_IDS_MAX, type Dataset, ITEMS_PAGE_SIZE, NOT_REVIEWED } from '@shortlist/contract';
import {
  App,
  Button,
  Empty,
  Flex,
  Input,
  Popconfirm,
  Select,
  Switch,
  Table,
  type TableColumnsType,
  Typography,
} from 'antd';
import type { SorterResult } from 'antd/es/table/interface';
import { type Key, type ReactNode, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFormat } from '../../lib/i18n/format';
import { LoadError } from '../../lib/layout/load-error';
import { lazyDialog } from '../../lib/lazy-dialog';
import { useReviewStatuses } from '../reviews/use-review-statuses';
import { fetchDatasetIds, ITEMS_DEFAULT_ORDERING, itemsTableFilters } from './api';
import { ExportDatasetsButton } from './export-datasets-button';
import { useAnswerColumns } from './use-answer-columns';
import { useColumnChoice } from './use-column-choice';
import { useDatasetMutations, useDatasets } from './use-datasets';
import { itemReview, useItemColumns } from './use-item-columns';
import './resources';
import { useItemTitles } from '../../lib/item-titles';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const NewItemDialog = lazyDialog(
  () => import('./new-item-dialog').then((m) => m.NewItemDialog),
  (props) => props.isOpen,
);
const ItemInfoDialog = lazyDialog(
  () => import('./item-info-dialog').then((m) => m.ItemInfoDialog),
  (props) => props.datasetId !== null,
);
const ItemEditDialog = lazyDialog(
  () => import('./item-edit-dialog').then((m) => m.ItemEditDialog),
  (props) => props.datasetId !== null,
);

const ALL_STATUSES = 'all';

export interface ItemsTableProps {
  teamId: number;
  /** Only the items of this item type; new items get it without asking. */
  dataModelId?: number;
  /** Columns shown after the title (a form's responses add the submission's). */
  extraColumns?: TableColumnsType<Dataset>;
  /** Only the items of this selection, with the reviews made within it and their row colours. */
  issueId?: number;
  defaultOrdering?: string;
  /** More filters, shown after the review-status filter. */
  toolbarExtra?: ReactNode;
  /** Actions on the checked items, shown beside the bulk delete; `clear` unchecks them. */
  bulkActions?: (ids: number[], clear: () => void) => ReactNode;
  /** Runs once an item is created here (a selection adds it to itself). */
  onItemCreated?: (id: number) => Promise<unknown>;
  /** Names the table for the columns a person picks for it (kept in the browser). */
  tableKey: string;
  /** Keys of the columns shown only once picked, so that the rest fits a 1366 px screen. */
  hiddenByDefault?: string[];
  /** Offers the Export to Excel button, which follows the current filters. */
  isExportable?: boolean;
  /** Other ways to add items, shown before the button that creates one. */
  addActions?: ReactNode;
  /** The create button's label, when "Add item" would be ambiguous beside `addActions`. */
  addLabel?: string;
}

/**
 * The items table of the spec: search, review-status filter, sort by title or creation (newest
 * first), 20 a page, bulk delete, and the dialogs to add, read and edit an item. Paging, filtering
 * and sorting happen on the server.
 */
export function ItemsTable(props: ItemsTableProps) {
  const { teamId, dataModelId, extraColumns = [], issueId, defaultOrdering = ITEMS_DEFAULT_ORDERING } = props;
  const { t } = useTranslation('items');
  const { selectionLabels } = useItemTitles();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [status, setStatus] = useState<string>(ALL_STATUSES);
  const [ordering, setOrdering] = useState(defaultOrdering);
  const [page, setPage] = useState(1);
  // Past 10,000 matches the list says "10,000+" until the person asks for every match to be counted.
  const [isCountExact, setCountExact] = useState(false);
  const [isFullTags, setFullTags] = useState(false);
  const [selected, setSelected] = useState<Key[]>([]);
  /** While "select all" reads the ids: how many so far. */
  const [selectingRead, setSelectingRead] = useState<number | null>(null);
  const [isAdding, setAdding] = useState(false);
  const [openId, setOpenId] = useState<number | null>(null);
  const [editId, setEditId] = useState<number | null>(null);
  const statuses = useReviewStatuses(teamId);
  const mutations = useDatasetMutations();
  const format = useFormat();

  const filters = itemsTableFilters({
    page,
    dataModelId,
    issueId,
    search,
    status: status === ALL_STATUSES ? undefined : status,
    ordering,
    isCountExact,
  });
  const items = useDatasets(teamId, filters);
  const isFiltered = Boolean(search) || status !== ALL_STATUSES;
  const isPageGone = items.data?.results.length === 0 && page > 1;

  // Deleting the last items of the last page leaves it empty: show the page before.
  useEffect(() => {
    if (isPageGone) setPage((current) => current - 1);
  }, [isPageGone]);

  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
    setSelected([]);
    setCountExact(false);
  };

  // Bulk actions (a mass e-mail to 3,000 items) reach past the page: the server lists every match, a page
  // of ids at a time, the number read so far on the button.
  const selectAllMatching = async () => {
    setSelectingRead(0);
    try {
      const { ids, isCapped } = await fetchDatasetIds(teamId, filters, setSelectingRead);
      setSelected(ids);
      if (isCapped) void message.info(t('selectedFirst', { total: ids.length }));
    } catch {
      void message.error(t('common.error', { ns: 'translation' }));
    } finally {
      setSelectingRead(null);
    }
  };

  const handleDelete = (id: number) =>
    mutations.remove.mutate(id, {
      onSuccess: () => void message.success(t('common.deleted', { ns: 'translation' })),
      onError: () => void message.error(t('deleteFailed')),
    });

  const handleDeleteSelected = () =>
    mutations.removeMany.mutate(selected.map(Number), {
      onSuccess: () => {
        setSelected([]);
        void message.success(t('common.deleted', { ns: 'translation' }));
      },
      onError: () => void message.error(t('deleteFailed')),
    });

  const handleTableChange = (sorter: SorterResult<Dataset> | SorterResult<Dataset>[]) => {
    const sort = Array.isArray(sorter) ? sorter[0] : sorter;
    const next = sort?.order
      ? `${sort.order === 'descend' ? '-' : ''}${String(sort.columnKey)}`
      : defaultOrdering;
    if (next !== ordering) changeFilter(() => setOrdering(next));
  };

  const answers = useAnswerColumns({ teamId, dataModelId, tableKey: props.tableKey });
  const columns = useItemColumns({
    teamId,
    issueId,
    ordering,
    isFullTags,
    onOpen: setOpenId,
    onEdit: setEditId,
    onDelete: handleDelete,
  });

  const choice = useColumnChoice({
    tableKey: props.tableKey,
    columns: [...columns.slice(0, 1), ...extraColumns, ...columns.slice(1)],
    hiddenByDefault: props.hiddenByDefault ?? [],
  });
  // The answers a person picked come right after the title, which is always the first column.
  const shownColumns = [...choice.shown.slice(0, 1), ...answers.columns, ...choice.shown.slice(1)];

  const statusOptions = [
    { value: ALL_STATUSES, label: t('allStatuses') },
    { value: NOT_REVIEWED, label: t('notReviewed') },
    ...(statuses.data ?? []).map((option) => ({ value: String(option.id), label: option.label })),
  ];
  const count = items.data?.count ?? 0;
  const isCountCapped = items.data?.count_exact === false;
  const total = `${format.number(count)}${isCountCapped ? '+' : ''}`;

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap align="center" justify="space-between">
        <Flex gap={8} wrap align="center">
          <Input.Search
            allowClear
            placeholder={t('search')}
            aria-label={t('search')}
            onSearch={(value) => changeFilter(() => setSearch(value.trim()))}
            style={{ width: 240 }}
            data-testid="items-search"
          />
          <Select
            value={status}
            options={statusOptions}
            onChange={(value) => changeFilter(() => setStatus(value))}
            aria-label={t('statusFilter')}
            popupMatchSelectWidth={false}
            style={{ minWidth: 160 }}
            data-testid="items-status-filter"
          />
          {props.toolbarExtra}
          {choice.button}
          {answers.picker}
          <Flex gap={6} align="center">
            <Switch size="small" checked={isFullTags} onChange={setFullTags} aria-label={t('fullTags')} />
            <Typography.Text>{t('fullTags')}</Typography.Text>
          </Flex>
        </Flex>
        <Flex gap={8} wrap>
          {selected.length > 0 && selected.length < count && (
            <Button
              type="link"
              loading={selectingRead !== null}
              onClick={() => void selectAllMatching()}
              data-testid="select-all-matching"
            >
              {selectingRead !== null
                ? t('selectingAll', { read: selectingRead })
                : count > DATASET_IDS_MAX && !isCountCapped
                  ? t('selectFirstMatching', { total: DATASET_IDS_MAX })
                  : t('selectAllMatching', { count, total })}
            </Button>
          )}
          {selected.length > 0 && props.bulkActions?.(selected.map(Number), () => setSelected([]))}
          {selected.length > 0 && (
            <Popconfirm
              title={t('deleteSelectedConfirm', { count: selected.length })}
              onConfirm={handleDeleteSelected}
              okText={t('delete')}
              cancelText={t('common.cancel', { ns: 'translation' })}
            >
              <Button danger icon={<DeleteOutlined />} loading={mutations.removeMany.isPending}>
                {t('deleteSelected', { count: selected.length })}
              </Button>
            </Popconfirm>
          )}
          {props.isExportable && <ExportDatasetsButton teamId={teamId} filters={filters} />}
          {props.addActions}
          <Button
            type="primary"
            icon={<PlusOutlined />}
            onClick={() => setAdding(true)}
            data-testid="add-item"
          >
            {props.addLabel ?? t('add')}
          </Button>
        </Flex>
      </Flex>
      {choice.panel}
      {items.isError ? (
        <LoadError onRetry={() => void items.refetch()} />
      ) : (
        <Table<Dataset>
          rowKey="id"
          columns={shownColumns}
          dataSource={items.data?.results}
          rowClassName={(dataset) => (dataset.submission?.is_submitted === false ? 'sl-row-draft' : '')}
          onRow={(dataset) => ({ style: { background: itemReview(dataset, issueId)?.status?.bg_color } })}
          loading={items.isPending || items.isPlaceholderData}
          scroll={{ x: 'max-content' }}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: setSelected,
            preserveSelectedRowKeys: true,
            ...selectionLabels,
          }}
          onChange={(_pagination, _filters, sorter) => handleTableChange(sorter)}
          locale={{ emptyText: <Empty description={t(isFiltered ? 'emptyFiltered' : 'empty')} /> }}
          pagination={{
            current: page,
            pageSize: ITEMS_PAGE_SIZE,
            total: count,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          footer={() => (
            <Flex gap={8} align="center" wrap>
              <span data-testid="items-count">{t('count', { count, total })}</span>
              {isCountCapped && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setCountExact(true)}
                  loading={isCountExact && items.isFetching}
                  data-testid="items-count-exact"
                >
                  {t('countAll')}
                </Button>
              )}
            </Flex>
          )}
          data-testid="items-table"
        />
      )}
      <NewItemDialog
        teamId={teamId}
        dataModelId={dataModelId}
        isOpen={isAdding}
        onClose={() => setAdding(false)}
        onCreated={setEditId}
        afterCreate={props.onItemCreated}
      />
      <ItemInfoDialog
        teamId={teamId}
        datasetId={openId}
        onClose={() => setOpenId(null)}
        onEdit={(id) => {
          setOpenId(null);
          setEditId(id);
        }}
      />
      <ItemEditDialog teamId={teamId} datasetId={editId} onClose={() => setEditId(null)} />
    </Flex>
  );
}
