import type { ReportQuery } from '@shortlist/contract';
import { App, Button, Checkbox, Modal, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadReport } from './api';
import './resources';

/** The export dialog: include item information or not, then Cancel or Export (the report's filters apply). */
export function ExportDialog({
  issueId,
  title,
  query,
  topK = null,
  open,
  onClose,
}: {
  issueId: number;
  title: string;
  query: ReportQuery;
  /** The k last checked on the "How sure" tab: the export then carries each item's probability. */
  topK?: number | null;
  open: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation('reports');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const [includeDataset, setIncludeDataset] = useState(false);
  const [isExporting, setIsExporting] = useState(false);

  const onExport = async () => {
    setIsExporting(true);
    try {
      await downloadReport(
        issueId,
        {
          ...query,
          include_dataset: includeDataset ? 'true' : undefined,
          k: topK === null ? undefined : String(topK),
        },
        t('fileName.report', { title: title || t('fileName.untitled') }),
      );
      onClose();
    } catch {
      void message.error(t('exportFailed'));
    } finally {
      setIsExporting(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('exportTitle')}
      footer={[
        <Button key="cancel" onClick={onClose}>
          {tc('common.cancel')}
        </Button>,
        <Button
          key="export"
          type="primary"
          loading={isExporting}
          onClick={onExport}
          data-testid="export-confirm"
        >
          {t('export')}
        </Button>,
      ]}
      onCancel={onClose}
    >
      <Checkbox
        checked={includeDataset}
        onChange={(event) => setIncludeDataset(event.target.checked)}
        data-testid="include-dataset"
      >
        {t('includeDataset')}
      </Checkbox>
      <Typography.Paragraph type="secondary" style={{ marginTop: 12 }}>
        {t('exportHelp')}
      </Typography.Paragraph>
      {topK !== null && (
        <Typography.Paragraph type="secondary" data-testid="export-top-k">
          {t('exportTopK', { k: topK })}
        </Typography.Paragraph>
      )}
    </Modal>
  );
}
