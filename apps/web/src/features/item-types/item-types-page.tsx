import { PlusOutlined } from '@ant-design/icons';
import type { ItemType } from '@shortlist/contract';
import { Button, Checkbox, Empty, type TableColumnsType, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { formatDateTime } from '../../lib/i18n/format';
import { PagedTable, usePageParam } from '../../lib/layout/paged-table';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyDialog } from '../../lib/lazy-dialog';
import { useCurrentTeam } from '../teams/team-context';
import { useItemTypes } from './use-item-types';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const CreateItemTypeDialog = lazyDialog(
  () => import('./create-item-type-dialog').then((m) => m.CreateItemTypeDialog),
  (props) => props.isOpen,
);

/** `/team/:teamId/item-types`: the team's item types, paged by the server (page and filter kept in the query). */
export function ItemTypesPage() {
  const { t, i18n } = useTranslation('itemTypes');
  const team = useCurrentTeam();
  const [params, setParams] = useSearchParams();
  const [page, setPage] = usePageParam();
  const showLinked = params.get('linked') === '1';
  const itemTypes = useItemTypes(team.id, page, showLinked);
  const [isCreating, setCreating] = useState(false);
  useDocumentTitle(t('title'));

  const updateParams = (changes: Record<string, string | null>) =>
    setParams((current) => {
      const updated = new URLSearchParams(current);
      for (const [key, value] of Object.entries(changes)) {
        if (value === null) updated.delete(key);
        else updated.set(key, value);
      }
      return updated;
    });

  const columns: TableColumnsType<ItemType> = [
    {
      key: 'title',
      title: t('columns.title'),
      render: (_, itemType) => (
        <Link to={`/team/${team.id}/item-types/${itemType.id}/manage`}>
          {itemType.label || t('untitled')}
        </Link>
      ),
    },
    { key: 'fields', title: t('columns.fields'), render: (_, itemType) => itemType.datum_fields.length },
    { key: 'items', title: t('columns.items'), dataIndex: 'nb_datasets' },
    {
      key: 'updated',
      title: t('columns.updated'),
      render: (_, itemType) => formatDateTime(itemType.update_time, i18n.language),
    },
  ];

  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">
            {t('intro')}
            {itemTypes.data && ` · ${t('total', { count: itemTypes.data.count })}`}
          </Typography.Text>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setCreating(true)}
          data-testid="create-item-type"
        >
          {t('create')}
        </Button>
      </div>
      <Checkbox
        checked={showLinked}
        onChange={(event) => updateParams({ linked: event.target.checked ? '1' : null, page: null })}
        style={{ marginBottom: 16 }}
      >
        {t('showLinked')}
      </Checkbox>
      <PagedTable<ItemType>
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        query={itemTypes}
        page={page}
        onPageChange={setPage}
        emptyText={<Empty description={t('empty')} />}
        data-testid="item-types-table"
      />
      <CreateItemTypeDialog teamId={team.id} isOpen={isCreating} onClose={() => setCreating(false)} />
    </div>
  );
}
