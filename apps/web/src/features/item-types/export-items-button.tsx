import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadFile } from '../../app/download';

/** Downloads the type's items as a spreadsheet (streamed by the server, one column per field). */
export function ExportItemsButton({ itemTypeId, title }: { itemTypeId: number; title: string }) {
  const { t } = useTranslation('itemTypes');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [isExporting, setIsExporting] = useState(false);

  const onExport = async () => {
    setIsExporting(true);
    try {
      await downloadFile(`data-models/${itemTypeId}/export_excel/`, `${title || 'items'}.xlsx`);
    } catch {
      message.error(tc('common.error'));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={isExporting} onClick={onExport} data-testid="export-items">
      {t('exportExcel')}
    </Button>
  );
}
