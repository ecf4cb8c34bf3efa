import type { Dataset, IntakeFormSummary } from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Button,
  Empty,
  Flex,
  Input,
  Modal,
  Select,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { type Key, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getErrorDetail, getFieldErrors, joinFieldMessages } from '../../lib/api-errors';
import { LoadError } from '../../lib/layout/load-error';
import { fetchAllPages, toOffsetLimit } from '../../lib/paging';
import { formKeys } from '../forms/api';
import { fetchDatasetIds } from '../items/api';
import { useAllItemTypes, useDatasets } from '../items/use-datasets';
import { useTags } from '../reviews/use-tags';
import { useIssueMutations } from './use-issues';
import './resources';
import { useItemTitles } from '../../lib/item-titles';

const PAGE_SIZE = 10;

interface AddExistingItemsDialogProps {
  teamId: number;
  issueId: number;
  isOpen: boolean;
  onClose: () => void;
}

/** Picks items of the team, across pages, to add to the selection; those already in it are marked. */
export function AddExistingItemsDialog({ teamId, issueId, isOpen, onClose }: AddExistingItemsDialogProps) {
  const { t } = useTranslation('selections');
  return (
    <Modal
      open={isOpen}
      title={t('addExisting.title')}
      onCancel={onClose}
      footer={null}
      width={820}
      destroyOnHidden
    >
      <ItemPicker teamId={teamId} issueId={issueId} onClose={onClose} />
    </Modal>
  );
}

/** The team's forms, for the filter; under the forms' key so that their changes refresh it. */
function useAllForms(teamId: number) {
  return useQuery({
    queryKey: [...formKeys.all(teamId), 'all'],
    queryFn: () => fetchAllPages<IntakeFormSummary>('intake-forms/', { data_model__team: teamId }),
  });
}

function ItemPicker({ teamId, issueId, onClose }: Omit<AddExistingItemsDialogProps, 'isOpen'>) {
  const { t } = useTranslation('selections');
  const { t: tc } = useTranslation();
  const { selectionLabels } = useItemTitles();
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [tag, setTag] = useState<string>();
  const [dataModel, setDataModel] = useState<number>();
  const [form, setForm] = useState<number>();
  const [page, setPage] = useState(1);
  const [selected, setSelected] = useState<Key[]>([]);
  const tags = useTags(teamId);
  const itemTypes = useAllItemTypes(teamId);
  const forms = useAllForms(teamId);
  const { addDatasets } = useIssueMutations();
  const [isSelectingAll, setSelectingAll] = useState(false);
  const filters = {
    ...toOffsetLimit({ page, pageSize: PAGE_SIZE }),
    search: search || undefined,
    tag,
    data_model: dataModel,
    form,
    ordering: 'title',
  };
  const items = useDatasets(teamId, filters);
  const isFiltered = Boolean(search || tag || dataModel || form);
  const isInIssue = (dataset: Dataset) => dataset.issues.some((issue) => issue.id === issueId);
  const count = items.data?.count ?? 0;

  const changeFilter = (apply: () => void) => {
    apply();
    setPage(1);
  };

  // As on the items page: every item the filters match, past this page, but those already in the selection.
  const selectAllMatching = async () => {
    setSelectingAll(true);
    try {
      const [matching, inIssue] = await Promise.all([
        fetchDatasetIds(teamId, filters),
        fetchDatasetIds(teamId, { offset: 0, limit: PAGE_SIZE, issue: issueId }),
      ]);
      const isIn = new Set(inIssue.ids);
      const outside = matching.ids.filter((id) => !isIn.has(id));
      setSelected(outside);
      const already = matching.ids.length - outside.length;
      if (already > 0) void message.info(t('addExisting.alreadyIn', { count: already }));
      if (matching.isCapped)
        void message.info(t('addExisting.selectedFirst', { total: matching.ids.length }));
    } catch {
      void message.error(tc('common.error'));
    } finally {
      setSelectingAll(false);
    }
  };

  const handleAdd = () =>
    addDatasets.mutate(
      { id: issueId, datasets: selected.map(Number) },
      {
        onSuccess: () => {
          void message.success(t('addExisting.added', { count: selected.length }));
          onClose();
        },
        onError: (error) => {
          const fields = getFieldErrors(error);
          const detail = fields ? joinFieldMessages(fields, '\n', ['datasets']) : getErrorDetail(error);
          void message.error({
            content: (
              <span style={{ whiteSpace: 'pre-line' }}>
                {[t('bulk.addFailed'), detail].filter(Boolean).join('\n')}
              </span>
            ),
            duration: 8,
          });
        },
      },
    );

  const columns: TableColumnsType<Dataset> = [
    { key: 'title', title: t('addExisting.columns.title'), dataIndex: 'title' },
    {
      key: 'type',
      title: t('addExisting.columns.type'),
      render: (_, dataset) =>
        dataset.form?.title ?? itemTypes.data?.find((type) => type.id === dataset.data_model)?.label ?? '',
    },
    {
      key: 'tags',
      title: t('addExisting.columns.tags'),
      render: (_, dataset) =>
        dataset.tags
          .split(';')
          .filter(Boolean)
          .map((name) => <Tag key={name}>{name}</Tag>),
    },
    {
      key: 'state',
      title: '',
      render: (_, dataset) =>
        isInIssue(dataset) && (
          <Tag color="green" data-testid="already-in-issue">
            {t('addExisting.inIssue')}
          </Tag>
        ),
    },
  ];

  return (
    <Flex vertical gap={12}>
      <Flex gap={8} wrap>
        <Input.Search
          allowClear
          autoFocus
          placeholder={t('addExisting.search')}
          aria-label={t('addExisting.search')}
          onSearch={(value) => changeFilter(() => setSearch(value.trim()))}
          style={{ width: 220 }}
          data-testid="add-existing-search"
        />
        <Select<string>
          allowClear
          showSearch
          placeholder={t('addExisting.tag')}
          aria-label={t('addExisting.tag')}
          value={tag}
          options={(tags.data ?? []).map((option) => ({ value: option.name, label: option.name }))}
          onChange={(value) => changeFilter(() => setTag(value))}
          loading={tags.isPending}
          style={{ minWidth: 150 }}
          data-testid="add-existing-tag"
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('addExisting.itemType')}
          aria-label={t('addExisting.itemType')}
          value={dataModel}
          options={(itemTypes.data ?? []).map((type) => ({ value: type.id, label: type.label }))}
          onChange={(value) => changeFilter(() => setDataModel(value))}
          loading={itemTypes.isPending}
          popupMatchSelectWidth={false}
          style={{ minWidth: 150 }}
          data-testid="add-existing-type"
        />
        <Select<number>
          allowClear
          showSearch={{ optionFilterProp: 'label' }}
          placeholder={t('addExisting.form')}
          aria-label={t('addExisting.form')}
          value={form}
          options={(forms.data ?? []).map((option) => ({ value: option.id, label: option.title }))}
          onChange={(value) => changeFilter(() => setForm(value))}
          loading={forms.isPending}
          popupMatchSelectWidth={false}
          style={{ minWidth: 150 }}
          data-testid="add-existing-form"
        />
      </Flex>
      {items.isError ? (
        <LoadError onRetry={() => void items.refetch()} />
      ) : (
        <Table<Dataset>
          rowKey="id"
          size="small"
          columns={columns}
          dataSource={items.data?.results}
          loading={items.isPending || items.isPlaceholderData}
          rowSelection={{
            selectedRowKeys: selected,
            onChange: setSelected,
            preserveSelectedRowKeys: true,
            getCheckboxProps: (dataset) => ({
              disabled: isInIssue(dataset),
              'aria-label': dataset.title,
            }),
            getTitleCheckboxProps: selectionLabels.getTitleCheckboxProps,
          }}
          locale={{
            emptyText: (
              <Empty description={t(isFiltered ? 'addExisting.emptyFiltered' : 'addExisting.empty')} />
            ),
          }}
          pagination={{
            current: page,
            pageSize: PAGE_SIZE,
            total: items.data?.count ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
          data-testid="add-existing-table"
        />
      )}
      <Flex justify="space-between" align="center" gap={8} wrap>
        <Flex align="center" gap={8} wrap>
          <Typography.Text type="secondary" data-testid="add-existing-count">
            {t('addExisting.selected', { count: selected.length })}
          </Typography.Text>
          {count > PAGE_SIZE && selected.length < count && (
            <Button
              type="link"
              style={{ paddingInline: 0 }}
              loading={isSelectingAll}
              onClick={() => void selectAllMatching()}
              data-testid="add-existing-select-all"
            >
              {t('addExisting.selectAllMatching', { count })}
            </Button>
          )}
        </Flex>
        <Flex gap={8}>
          <Button onClick={onClose}>{tc('common.cancel')}</Button>
          <Button
            type="primary"
            onClick={handleAdd}
            disabled={selected.length === 0}
            loading={addDatasets.isPending}
            data-testid="add-existing-submit"
          >
            {t('addExisting.add', { count: selected.length })}
          </Button>
        </Flex>
      </Flex>
    </Flex>
  );
}
