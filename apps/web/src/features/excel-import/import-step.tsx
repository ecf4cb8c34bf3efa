import { Alert, Flex, Progress, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getErrorDetail } from '../../app/api-errors';
import type { ImportOutcome } from './api';
import { RowErrorList } from './row-error-list';
import { formatRowRanges } from './row-errors';

interface ImportStepProps {
  total: number;
  done: number;
  outcome: ImportOutcome | null;
  /** Rows left out because the check refused them. */
  skipped: number[];
  rowNumbers: number[];
}

/** The progress of the import, then exactly which rows became items and which did not. */
export function ImportStep({ total, done, outcome, skipped, rowNumbers }: ImportStepProps) {
  const { t } = useTranslation('excelImport');
  const { t: tc } = useTranslation();
  const numbers = (indexes: number[]) =>
    formatRowRanges(indexes.map((index) => rowNumbers[index] ?? index + 2));

  if (!outcome) {
    return (
      <Flex vertical>
        <Typography.Text>{t('import.progress', { done, count: total })}</Typography.Text>
        <Progress percent={Math.round((100 * done) / Math.max(1, total))} data-testid="import-progress" />
      </Flex>
    );
  }
  const skippedNote = skipped.length > 0 && (
    <Typography.Paragraph>{t('import.skipped', { rows: numbers(skipped) })}</Typography.Paragraph>
  );
  if (outcome.notImported.length === 0) {
    return (
      <Flex vertical gap="small" data-testid="import-outcome">
        <Alert type="success" showIcon title={t('import.done', { count: outcome.imported.length })} />
        {skippedNote}
      </Flex>
    );
  }
  const failed = numbers(outcome.notImported);
  const stopped =
    outcome.imported.length === 0
      ? t('import.noneImported', { failed })
      : t('import.stopped', { imported: numbers(outcome.imported), failed });
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
      {skippedNote}
    </Flex>
  );
}
