import { type AccessDataset, DEFAULT_PAGE_SIZE, type Judge } from '@shortlist/contract';
import { Drawer, Empty, Flex, Input, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toOffsetLimit } from '../../lib/paging';
import { useJudgeError } from './use-judge-error';
import { useAccessDatasets, useJudgeMutations } from './use-judges';
import './resources';
import { useItemTitles } from '../../lib/item-titles';

interface ItemAccessDrawerProps {
  issueId: number;
  judge: Judge | null;
  onClose: () => void;
}

/** The selection's items with a checkbox each: ticking gives the judge the item, unticking takes it. */
export function ItemAccessDrawer({ issueId, judge, onClose }: ItemAccessDrawerProps) {
  const { t } = useTranslation('judges');
  const { selectionLabels } = useItemTitles();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [nbDatasets, setNbDatasets] = useState<number | null>(null);
  const userId = judge?.user.id ?? null;
  const items = useAccessDatasets(issueId, userId, {
    ...toOffsetLimit({ page }),
    search: search || undefined,
  });
  const { setDatasets } = useJudgeMutations(issueId);
  const showError = useJudgeError();
  const selectedKeys = (items.data?.results ?? []).filter((item) => item.has_access).map((item) => item.id);

  const change = (datasets: number[], access: boolean) => {
    if (userId === null || datasets.length === 0) return;
    setDatasets.mutate(
      { user: userId, access, datasets },
      {
        onSuccess: (result) => setNbDatasets(result.nb_datasets),
        onError: (error) => showError(error, 'accessFailed'),
      },
    );
  };
  const handleSelection = (keys: React.Key[]) => {
    const wanted = new Set(keys.map(Number));
    change(
      [...wanted].filter((id) => !selectedKeys.includes(id)),
      true,
    );
    change(
      selectedKeys.filter((id) => !wanted.has(id)),
      false,
    );
  };

  return (
    <Drawer
      open={judge !== null}
      onClose={onClose}
      afterOpenChange={(isOpen) => {
        if (isOpen) return;
        setPage(1);
        setSearch('');
        setNbDatasets(null);
      }}
      title={judge && t('drawer.title', { email: judge.user.email })}
      size="large"
      data-testid="item-access-drawer"
    >
      <Flex vertical gap={12}>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Input.Search
            allowClear
            placeholder={t('drawer.search')}
            aria-label={t('drawer.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            style={{ width: 240 }}
          />
          {judge && items.data && (
            <Typography.Text type="secondary" data-testid="item-access-count">
              {t('drawer.selectedCount', { count: nbDatasets ?? judge.nb_datasets, total: items.data.count })}
            </Typography.Text>
          )}
        </Flex>
        <Table<AccessDataset>
          rowKey="id"
          size="small"
          dataSource={items.data?.results}
          loading={items.isPending || items.isPlaceholderData || setDatasets.isPending}
          columns={[{ key: 'title', title: t('drawer.item'), dataIndex: 'title' }]}
          rowSelection={{
            selectedRowKeys: selectedKeys,
            onChange: handleSelection,
            getCheckboxProps: (item) => ({ 'aria-label': t('drawer.toggle', { title: item.title }) }),
            getTitleCheckboxProps: selectionLabels.getTitleCheckboxProps,
          }}
          locale={{ emptyText: <Empty description={t('drawer.empty')} /> }}
          pagination={{
            current: page,
            pageSize: DEFAULT_PAGE_SIZE,
            total: items.data?.count ?? 0,
            showSizeChanger: false,
            hideOnSinglePage: true,
            onChange: setPage,
          }}
        />
      </Flex>
    </Drawer>
  );
}
