import type { DatasetCreate, DatasetDuplicateTitle, DatasetRowError, DatumField } from '@shortlist/contract';
import { Alert, Button, Checkbox, Flex, Progress, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { DownloadRejectedButton } from './download-rejected-button';
import type { Sheet } from './mapping';
import { RowErrorList } from './row-error-list';
import './resources';

/** Rows shown in the preview; all of them are checked. */
const PREVIEW_ROWS = 10;

export interface Validation {
  done: number;
  errors: DatasetRowError[] | null;
  /** Rows whose title an item of the type already has: imported unless the admin unticks them. */
  duplicates: DatasetDuplicateTitle[];
  failed: boolean;
}

interface PreviewStepProps {
  file: { name: string; sheet: Sheet };
  datasets: DatasetCreate[];
  fields: DatumField[];
  validation: Validation;
  /** Duplicate rows the admin chose to leave out, by their place in the sheet's rows. */
  excluded: Set<number>;
  onExcludedChange: (excluded: Set<number>) => void;
  onRetry: () => void;
}

/** The first rows as they will be created, then the server's verdict on every row. */
export function PreviewStep(props: PreviewStepProps) {
  const { file, datasets, fields, validation, excluded } = props;
  const { t } = useTranslation('excelImport');
  const { t: tc } = useTranslation();
  const rowNumbers = file.sheet.rowNumbers;
  const answered = fields.filter((field) =>
    datasets.some((row) => row.datum_values?.some((value) => value.datum_field === field.id)),
  );
  const answerOf = (row: DatasetCreate, field: DatumField) =>
    row.datum_values?.find((value) => value.datum_field === field.id)?.response;
  const hasEmail = datasets.some((row) => row.contact_email !== undefined);
  const rowOf = (index: number) => rowNumbers[index] ?? index + 2;
  const setIncluded = (index: number, isIncluded: boolean) => {
    const next = new Set(excluded);
    if (isIncluded) next.delete(index);
    else next.add(index);
    props.onExcludedChange(next);
  };
  const errorCount = validation.errors?.length ?? 0;

  return (
    <Flex vertical gap="middle">
      <Typography.Text type="secondary">
        {t('preview.intro', { count: Math.min(PREVIEW_ROWS, datasets.length) })}
      </Typography.Text>
      <Table
        size="small"
        pagination={false}
        scroll={{ x: true }}
        rowKey={(_, index) => String(index)}
        dataSource={datasets.slice(0, PREVIEW_ROWS)}
        data-testid="import-preview"
        columns={[
          { key: 'title', title: t('mapping.title'), dataIndex: 'title' },
          { key: 'tags', title: t('preview.tags'), dataIndex: 'tags' },
          ...(hasEmail ? [{ key: 'email', title: t('mapping.email'), dataIndex: 'contact_email' }] : []),
          ...answered.map((field) => ({
            key: field.id,
            title: field.label,
            render: (_: unknown, row: DatasetCreate) => answerOf(row, field),
          })),
        ]}
      />
      {validation.failed && (
        <Alert
          type="error"
          showIcon
          title={t('preview.checkFailed')}
          action={<Button onClick={props.onRetry}>{tc('common.retry')}</Button>}
        />
      )}
      {!validation.failed && validation.errors === null && (
        <Flex vertical>
          <Typography.Text>
            {t('preview.validating', { done: validation.done, count: datasets.length })}
          </Typography.Text>
          <Progress percent={Math.round((100 * validation.done) / Math.max(1, datasets.length))} />
        </Flex>
      )}
      {validation.errors?.length === 0 && (
        <Alert type="success" showIcon title={t('preview.allValid', { count: datasets.length })} />
      )}
      {validation.errors && errorCount > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('preview.someInvalid', { count: errorCount, total: datasets.length })}
          description={
            <Flex vertical gap="small">
              <RowErrorList errors={validation.errors} rowNumbers={rowNumbers} />
              <DownloadRejectedButton file={file} rows={validation.errors} />
            </Flex>
          }
        />
      )}
      {validation.duplicates.length > 0 && (
        <Alert
          type="info"
          showIcon
          title={t('preview.duplicates', { count: validation.duplicates.length })}
          description={
            <Flex vertical gap={4} data-testid="import-duplicates">
              {validation.duplicates.map((duplicate) => (
                <Checkbox
                  key={duplicate.index}
                  checked={!excluded.has(duplicate.index)}
                  onChange={(event) => setIncluded(duplicate.index, event.target.checked)}
                  data-testid={`import-duplicate-${rowOf(duplicate.index)}`}
                >
                  {t('preview.duplicateRow', { row: rowOf(duplicate.index), title: duplicate.title })}
                </Checkbox>
              ))}
            </Flex>
          }
        />
      )}
    </Flex>
  );
}
