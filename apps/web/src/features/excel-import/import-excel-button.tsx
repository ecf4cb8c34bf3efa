import { UploadOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import './resources';

const ExcelImportWizard = lazy(() =>
  import('./excel-import-wizard').then((module) => ({ default: module.ExcelImportWizard })),
);

/** Opens the Excel import wizard, for the given item type when there is one. */
export function ImportExcelButton({ teamId, itemTypeId }: { teamId: number; itemTypeId?: number }) {
  const { t } = useTranslation('excelImport');
  const [isOpen, setIsOpen] = useState(false);
  return (
    <>
      <Button icon={<UploadOutlined />} onClick={() => setIsOpen(true)} data-testid="import-excel">
        {t('button')}
      </Button>
      {isOpen && (
        <Suspense fallback={null}>
          <ExcelImportWizard teamId={teamId} itemTypeId={itemTypeId} onClose={() => setIsOpen(false)} />
        </Suspense>
      )}
    </>
  );
}
