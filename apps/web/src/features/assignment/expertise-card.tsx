import type { Expertise } from '@shortlist/contract';
import { App, Button, Card, Checkbox, Empty, Flex, Input, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../lib/layout/paged-table';
import { lazyDialog } from '../../lib/lazy-dialog';
import { toOffsetLimit } from '../../lib/paging';
import { useAssignmentMutations, useExpertiseList } from './use-assignment';
import './resources';

const ExpertiseDialog = lazyDialog(
  () => import('./expertise-dialog').then((m) => m.ExpertiseDialog),
  (props) => props.judge !== null,
);

/**
 * The judges' expertise as they wrote it (or as seeded from the items they judged before in the team),
 * searchable by name, e-mail or text; an admin rewrites a judge's text, or seeds the empty ones.
 */
export function ExpertiseCard({ issueId }: { issueId: number }) {
  const { t } = useTranslation('assignment');
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [search, setSearch] = useState('');
  const [editing, setEditing] = useState<Expertise | null>(null);
  const [overwrite, setOverwrite] = useState(false);
  const list = useExpertiseList(issueId, { ...toOffsetLimit({ page }), search: search || undefined });
  const { seed } = useAssignmentMutations(issueId);

  const columns: TableColumnsType<Expertise> = [
    {
      title: t('expertise.judge'),
      key: 'judge',
      render: (_, row) => (
        <Flex vertical>
          <span>{row.name || row.email}</span>
          {row.name && <Typography.Text type="secondary">{row.email}</Typography.Text>}
        </Flex>
      ),
    },
    {
      title: t('expertise.text'),
      key: 'text',
      render: (_, row) =>
        row.text ? (
          <Typography.Paragraph ellipsis={{ rows: 3 }} className="sl-assign-expertise-text">
            {row.text}
          </Typography.Paragraph>
        ) : (
          <Typography.Text type="secondary">{t('expertise.none')}</Typography.Text>
        ),
    },
    {
      title: t('expertise.source'),
      key: 'source',
      render: (_, row) => (row.source ? t(`expertise.source_${row.source}`) : '—'),
    },
    {
      title: t('pairs.actions'),
      key: 'actions',
      render: (_, row) => (
        <Button
          size="small"
          onClick={() => setEditing(row)}
          aria-label={t('expertise.editLabel', { judge: row.name || row.email })}
          data-testid="expertise-edit"
        >
          {t('expertise.edit')}
        </Button>
      ),
    },
  ];

  return (
    <Card title={t('expertise.title')} data-testid="assign-expertise">
      <Flex vertical gap={12}>
        <Typography.Text type="secondary">{t('expertise.intro')}</Typography.Text>
        <Flex justify="space-between" align="center" gap={8} wrap>
          <Flex align="center" gap={8} wrap>
            <Button
              onClick={() =>
                seed.mutate(overwrite, {
                  onSuccess: (result) =>
                    void message.success(t('expertise.seeded', { count: result.seeded })),
                  onError: () => void message.error(t('expertise.seedFailed')),
                })
              }
              loading={seed.isPending}
              data-testid="expertise-seed"
            >
              {t('expertise.seed')}
            </Button>
            <Checkbox
              checked={overwrite}
              onChange={(event) => setOverwrite(event.target.checked)}
              data-testid="expertise-seed-overwrite"
            >
              {t('expertise.overwrite')}
            </Checkbox>
          </Flex>
          <Input.Search
            allowClear
            placeholder={t('expertise.search')}
            aria-label={t('expertise.search')}
            onSearch={(value) => {
              setSearch(value.trim());
              setPage(1);
            }}
            className="sl-assign-search"
            data-testid="expertise-search"
          />
        </Flex>
        <PagedTable<Expertise>
          query={list}
          page={page}
          onPageChange={setPage}
          rowKey="user"
          columns={columns}
          scroll={{ x: 640 }}
          emptyText={
            <Empty
              image={Empty.PRESENTED_IMAGE_SIMPLE}
              description={t(search ? 'expertise.noMatch' : 'expertise.empty')}
            />
          }
        />
      </Flex>
      <ExpertiseDialog issueId={issueId} judge={editing} onClose={() => setEditing(null)} />
    </Card>
  );
}
