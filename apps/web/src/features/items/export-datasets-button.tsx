import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../app/download';
import type { DatasetFilters } from './api';

/** Downloads the items the table's filters match (every page) as a spreadsheet streamed by the server. */
export function ExportDatasetsButton({ teamId, filters }: { teamId: number; filters: DatasetFilters }) {
  const { t } = useTranslation('items');
  const { message } = App.useApp();
  const [isExporting, setIsExporting] = useState(false);

  const handleExport = async () => {
    const { offset: _offset, limit: _limit, ...query } = filters;
    setIsExporting(true);
    try {
      await downloadFile('datasets/export_excel/', 'items.xlsx', { team: teamId, ...query });
    } catch {
      void message.error(t('common.error', { ns: 'translation' }));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Button
      icon={<DownloadOutlined />}
      loading={isExporting}
      onClick={handleExport}
      data-testid="export-datasets"
    >
      {t('exportExcel')}
    </Button>
  );
}
