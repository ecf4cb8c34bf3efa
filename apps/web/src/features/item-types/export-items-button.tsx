import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../lib/layout/download-button';
import './resources';

/** Downloads the type's items as a spreadsheet (streamed by the server, one column per field). */
export function ExportItemsButton({ itemTypeId, title }: { itemTypeId: number; title: string }) {
  const { t } = useTranslation('itemTypes');
  return (
    <DownloadButton
      path={`data-models/${itemTypeId}/export_excel/`}
      filename={`${title || 'items'}.xlsx`}
      testId="export-items"
    >
      {t('exportExcel')}
    </DownloadButton>
  );
}
