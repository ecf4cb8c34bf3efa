import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../lib/layout/download-button';
import type { DatasetFilters } from './api';
import './resources';

/** Downloads the items the table's filters match (every page) as a spreadsheet streamed by the server. */
export function ExportDatasetsButton({ teamId, filters }: { teamId: number; filters: DatasetFilters }) {
  const { t } = useTranslation('items');
  const { offset: _offset, limit: _limit, ...query } = filters;
  return (
    <DownloadButton
      path="datasets/export_excel/"
      filename={t('fileName')}
      query={{ team: teamId, ...query }}
      testId="export-datasets"
    >
      {t('exportExcel')}
    </DownloadButton>
  );
}
