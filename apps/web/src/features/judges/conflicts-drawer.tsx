import { DeleteOutlined } from '@ant-design/icons';
import type { Conflict, Judge } from '@shortlist/contract';
import { App, Button, Drawer, Empty, Flex, Select, Table, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useConflictMutations, useConflicts } from './use-conflicts';
import { useAccessDatasets } from './use-judges';
import './resources';

const SEARCH_LIMIT = 20;

interface ConflictsDrawerProps {
  issueId: number;
  judge: Judge | null;
  onClose: () => void;
}

/** One judge's conflicts of interest (docs/judging.md): those declared or set, and an item to add. */
export function ConflictsDrawer({ issueId, judge, onClose }: ConflictsDrawerProps) {
  const { t } = useTranslation('judges');
  const { message } = App.useApp();
  const [search, setSearch] = useState('');
  const [dataset, setDataset] = useState<number | null>(null);
  const userId = judge?.user.id ?? null;
  const conflicts = useConflicts(issueId, userId === null ? [] : [userId]);
  const items = useAccessDatasets(issueId, userId, {
    offset: 0,
    limit: SEARCH_LIMIT,
    search: search || undefined,
  });
  const { set, clear } = useConflictMutations(issueId);
  const onError = () => void message.error(t('conflicts.failed'));
  const taken = new Set((conflicts.data?.results ?? []).map((conflict) => conflict.dataset));

  const add = () => {
    if (userId === null || dataset === null) return;
    set.mutate({ user: userId, dataset }, { onSuccess: () => setDataset(null), onError });
  };

  return (
    <Drawer
      open={judge !== null}
      onClose={onClose}
      afterOpenChange={(isOpen) => {
        if (isOpen) return;
        setSearch('');
        setDataset(null);
      }}
      title={judge && t('conflicts.title', { email: judge.user.email })}
      size="large"
      data-testid="conflicts-drawer"
    >
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('conflicts.help')}</Typography.Text>
        <Flex gap={8} wrap>
          <Select
            showSearch={{ filterOption: false, onSearch: (value) => setSearch(value.trim()) }}
            value={dataset}
            onChange={setDataset}
            placeholder={t('conflicts.pick')}
            aria-label={t('conflicts.pick')}
            loading={items.isFetching}
            options={(items.data?.results ?? [])
              .filter((item) => !taken.has(item.id))
              .map((item) => ({ value: item.id, label: item.title }))}
            style={{ minWidth: 280 }}
            data-testid="conflict-item-select"
          />
          <Button
            type="primary"
            disabled={dataset === null}
            loading={set.isPending}
            onClick={add}
            data-testid="conflict-add"
          >
            {t('conflicts.add')}
          </Button>
        </Flex>
        <Table<Conflict>
          rowKey="dataset"
          size="small"
          dataSource={conflicts.data?.results}
          loading={conflicts.isPending && userId !== null}
          pagination={false}
          columns={[
            { key: 'title', title: t('conflicts.item'), dataIndex: 'dataset_title' },
            {
              key: 'set_by',
              title: t('conflicts.setBy'),
              render: (_, conflict) => (
                <Tag>{conflict.set_by === 'admin' ? t('conflicts.byAdmin') : t('conflicts.byJudge')}</Tag>
              ),
            },
            {
              key: 'clear',
              render: (_, conflict) => (
                <Button
                  size="small"
                  icon={<DeleteOutlined />}
                  aria-label={`${t('conflicts.clear')} ${conflict.dataset_title}`}
                  loading={clear.isPending}
                  onClick={() =>
                    clear.mutate({ dataset: conflict.dataset, user: conflict.user }, { onError })
                  }
                >
                  {t('conflicts.clear')}
                </Button>
              ),
            },
          ]}
          onRow={(conflict) =>
            ({ 'data-testid': `conflict-row-${conflict.dataset_title}` }) as React.HTMLAttributes<HTMLElement>
          }
          locale={{ emptyText: <Empty description={t('conflicts.empty')} /> }}
        />
      </Flex>
    </Drawer>
  );
}
