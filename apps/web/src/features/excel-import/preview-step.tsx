import type { DatasetCreate, DatasetRowError, DatumField } from '@shortlist/contract';
import { Alert, Button, Flex, Progress, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { RowErrorList } from './row-error-list';

/** Rows shown in the preview; all of them are checked. */
const PREVIEW_ROWS = 10;

export interface Validation {
  done: number;
  errors: DatasetRowError[] | null;
  failed: boolean;
}

interface PreviewStepProps {
  datasets: DatasetCreate[];
  fields: DatumField[];
  rowNumbers: number[];
  validation: Validation;
  onRetry: () => void;
}

/** The first rows as they will be created, then the server's verdict on every row. */
export function PreviewStep({ datasets, fields, rowNumbers, validation, onRetry }: PreviewStepProps) {
  const { t } = useTranslation('excelImport');
  const { t: tc } = useTranslation();
  const answered = fields.filter((field) =>
    datasets.some((row) => row.datum_values?.some((value) => value.datum_field === field.id)),
  );
  const answerOf = (row: DatasetCreate, field: DatumField) =>
    row.datum_values?.find((value) => value.datum_field === field.id)?.response;

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
          action={<Button onClick={onRetry}>{tc('common.retry')}</Button>}
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
      {!!validation.errors?.length && (
        <Alert
          type="warning"
          showIcon
          title={t('preview.someInvalid', { invalid: validation.errors.length, count: datasets.length })}
          description={<RowErrorList errors={validation.errors} rowNumbers={rowNumbers} />}
        />
      )}
    </Flex>
  );
}
