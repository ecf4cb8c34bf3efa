import type { DatasetRowError } from '@shortlist/contract';
import { Alert, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getErrorDetail } from '../../lib/api-errors';
import type { ImportOutcome } from './api';
import { DownloadRejectedButton } from './download-rejected-button';
import type { Sheet } from './mapping';
import type { RejectedRow } from './rejected-rows';
import { RowErrorList } from './row-error-list';
import { formatRowRanges } from './row-errors';
import './resources';

interface ImportStepProps {
  file: { name: string; sheet: Sheet };
  total: number;
  done: number;
  outcome: ImportOutcome | null;
  /** Rows left out because the check refused them, with its reasons. */
  skipped: DatasetRowError[];
  /** Duplicate rows the admin chose to leave out. */
  excluded: number[];
}

/** The progress of the import, then exactly which rows became items and which did not. */
export function ImportStep({ file, total, done, outcome, skipped, excluded }: ImportStepProps) {
  const { t } = useTranslation('excelImport');
  const { t: tc } = useTranslation();
  const rowNumbers = file.sheet.rowNumbers;
  /** "Row 3" or "Rows 2–4, 7": the text's plural follows the number of rows. */
  const rows = (indexes: number[]) => ({
    count: indexes.length,
    rows: formatRowRanges(indexes.map((index) => rowNumbers[index] ?? index + 2)),
  });

  if (!outcome) {
    return (
      <Flex vertical>
        <Typography.Text>{t('import.progress', { done, count: total })}</Typography.Text>
        <Progress percent={Math.round((100 * done) / Math.max(1, total))} data-testid="import-progress" />
      </Flex>
    );
  }
  const failedErrors = new Map(outcome.rowErrors.map((error) => [error.index, error.messages]));
  const rejected: RejectedRow[] = [
    ...skipped,
    ...outcome.notImported.map((index) => ({
      index,
      messages: failedErrors.get(index) ?? [
        outcome.rowErrors.length > 0
          ? t('import.notReached')
          : (getErrorDetail(outcome.failure) ?? tc('common.error')),
      ],
    })),
  ];
  const notes = (
    <>
      {skipped.length > 0 && (
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('import.skipped', rows(skipped.map((error) => error.index)))}
        </Typography.Paragraph>
      )}
      {excluded.length > 0 && (
        <Typography.Paragraph style={{ margin: 0 }}>
          {t('import.excluded', rows(excluded))}
        </Typography.Paragraph>
      )}
      <DownloadRejectedButton file={file} rows={rejected} />
    </>
  );
  if (outcome.notImported.length === 0) {
    return (
      <Flex vertical gap="small" data-testid="import-outcome">
        <Alert type="success" showIcon title={t('import.done', { count: outcome.imported.length })} />
        {notes}
      </Flex>
    );
  }
  const stopped = [
    t('import.stopped'),
    outcome.imported.length === 0 ? t('import.noneImported') : t('import.imported', rows(outcome.imported)),
    t('import.notImported', rows(outcome.notImported)),
  ].join(' ');
  return (
    <Flex vertical gap="small" data-testid="import-outcome">
      <Alert
        type="error"
        showIcon
        title={stopped}
        description={
          outcome.rowErrors.length > 0 ? (
            <RowErrorList errors={outcome.rowErrors} rowNumbers={rowNumbers} />
          ) : (
            (getErrorDetail(outcome.failure) ?? tc('common.error'))
          )
        }
      />
      {notes}
    </Flex>
  );
}
