import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { saveBlob } from '../../lib/download';
import type { Sheet } from './mapping';
import { type RejectedRow, writeRejectedRows } from './rejected-rows';
import { useNameWireField } from './row-error-list';
import './resources';

interface DownloadRejectedButtonProps {
  file: { name: string; sheet: Sheet };
  rows: RejectedRow[];
}

/** Downloads the rows left out, with their columns and an errors column, to fix and import again. */
export function DownloadRejectedButton({ file, rows }: DownloadRejectedButtonProps) {
  const { t } = useTranslation('excelImport');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const name = useNameWireField();
  const [isWriting, setIsWriting] = useState(false);
  if (rows.length === 0) return null;

  const download = async () => {
    setIsWriting(true);
    try {
      const named = rows.map((row) => ({ ...row, messages: row.messages.map(name) }));
      const blob = await writeRejectedRows(file.sheet, named, {
        sheet: t('rejected.sheet'),
        errors: t('rejected.errors'),
      });
      saveBlob(blob, t('rejected.fileName', { name: file.name.replace(/\.xlsx$/i, '') }));
    } catch {
      void message.error(tc('common.error'));
    } finally {
      setIsWriting(false);
    }
  };

  return (
    <Button
      icon={<DownloadOutlined />}
      loading={isWriting}
      onClick={() => void download()}
      style={{ alignSelf: 'flex-start' }}
      data-testid="download-rejected"
    >
      {t('rejected.download', { count: rows.length })}
    </Button>
  );
}
