import { ArrowLeftOutlined } from '@ant-design/icons';
import { Flex, Tabs } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, Navigate, useParams, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { LoadError } from '../../lib/layout/load-error';
import { PageSpin } from '../../lib/layout/page-spin';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyPanel } from '../../lib/lazy-panel';
// Any positive integer route parameter reads the same way as a team id.
import { ImportExcelButton } from '../excel-import/import-excel-button';
import { parseTeamId as parseRouteId, useCurrentTeam } from '../teams/team-context';
import { ExportItemsButton } from './export-items-button';
import { ItemTypeEditTab } from './item-type-edit-tab';
import { useItemType } from './use-item-type';
import './resources';

// Loaded when its tab is first shown (lib/lazy-panel.tsx).
const ItemsTable = lazyPanel(() => import('../items/items-table').then((m) => m.ItemsTable));

const TABS = ['edit', 'list'] as const;
type Tab = (typeof TABS)[number];

/** `/team/:teamId/item-types/:id/manage`: the editor, its tab kept in `?tab=`; an unknown type goes back to the list. */
export function ItemTypePage() {
  const { t } = useTranslation('itemTypes');
  const team = useCurrentTeam();
  const id = parseRouteId(useParams().id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((key) => key === params.get('tab')) ?? 'edit';
  const itemType = useItemType(team.id, id ?? 0);
  useDocumentTitle(itemType.data?.label || t('title'));
  const listPath = `/team/${team.id}/item-types`;

  const isMissing = id === null || (itemType.error instanceof ApiError && itemType.error.status === 404);
  if (isMissing) return <Navigate to={listPath} replace />;
  if (itemType.isPending) return <PageSpin />;
  if (itemType.isError) return <LoadError onRetry={() => void itemType.refetch()} />;

  return (
    <div className="sl-page">
      <Link to={listPath}>
        <ArrowLeftOutlined /> {t('backToList')}
      </Link>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'edit' ? {} : { tab: key }, { replace: true })}
        items={[
          { key: 'edit', label: t('tabs.edit'), children: <ItemTypeEditTab itemType={itemType.data} /> },
          {
            key: 'list',
            label: t('tabs.list'),
            children: (
              <Flex vertical gap="middle">
                <Flex justify="end" gap="small" wrap>
                  <ImportExcelButton teamId={team.id} itemTypeId={itemType.data.id} />
                  <ExportItemsButton itemTypeId={itemType.data.id} title={itemType.data.title} />
                </Flex>
                <ItemsTable
                  tableKey={`item-type-${itemType.data.id}`}
                  teamId={team.id}
                  dataModelId={itemType.data.id}
                />
              </Flex>
            ),
          },
        ]}
      />
    </div>
  );
}
