import { DownloadOutlined } from '@ant-design/icons';
import { App, Button } from 'antd';
import { type ReactNode, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { RequestOptions } from '../api-client';
import { downloadFile } from '../download';

/** A button that downloads a server-made file (an Excel export), spinning meanwhile, a message if it fails. */
export function DownloadButton({
  path,
  filename,
  query,
  children,
  testId,
}: {
  path: string;
  filename: string;
  query?: RequestOptions['query'];
  children: ReactNode;
  testId: string;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [isDownloading, setIsDownloading] = useState(false);

  const onDownload = async () => {
    setIsDownloading(true);
    try {
      await downloadFile(path, filename, { query });
    } catch {
      void message.error(t('common.error'));
    } finally {
      setIsDownloading(false);
    }
  };

  return (
    <Button icon={<DownloadOutlined />} loading={isDownloading} onClick={onDownload} data-testid={testId}>
      {children}
    </Button>
  );
}
