import { Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../app/layout/use-document-title';
import { ImportExcelButton } from '../excel-import/import-excel-button';
import { useCurrentTeam } from '../teams/team-context';
import { ItemsTable } from './items-table';

/** `/team/:teamId/items`: every item of the team, whatever its type. */
export function ItemsPage() {
  const { t } = useTranslation('items');
  const team = useCurrentTeam();
  useDocumentTitle(t('title'));
  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        <ImportExcelButton teamId={team.id} />
      </div>
      <ItemsTable teamId={team.id} />
    </div>
  );
}
