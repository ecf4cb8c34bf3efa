import type { DatumField } from '@shortlist/contract';
import { Alert, Flex, Radio, Select, Table, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import {
  type ColumnTarget,
  checkMapping,
  fieldTarget,
  MAX_TAG_COLUMNS,
  mappableFields,
  type Sheet,
  TAG_SEPARATORS,
  type TagSeparator,
} from './mapping';
import './resources';

interface MappingStepProps {
  sheet: Sheet;
  fields: DatumField[];
  mapping: ColumnTarget[];
  separator: TagSeparator;
  onMappingChange: (mapping: ColumnTarget[]) => void;
  onSeparatorChange: (separator: TagSeparator) => void;
}

/** Each column of the sheet and what it becomes; a field, or the contact e-mail, comes from one column at most. */
export function MappingStep(props: MappingStepProps) {
  const { sheet, fields, mapping, separator } = props;
  const { t } = useTranslation('excelImport');
  const problems = checkMapping(mapping);

  const isTakenElsewhere = (column: number, target: ColumnTarget) =>
    mapping.some((current, other) => other !== column && current === target);
  const optionsFor = (column: number) => [
    { value: 'ignore', label: t('mapping.ignore') },
    { value: 'title', label: t('mapping.title') },
    { value: 'tags', label: t('mapping.tags') },
    { value: 'email', label: t('mapping.email'), disabled: isTakenElsewhere(column, 'email') },
    {
      label: t('mapping.fields'),
      options: mappableFields(fields).map((field) => ({
        value: fieldTarget(field),
        label: field.label,
        disabled: isTakenElsewhere(column, fieldTarget(field)),
      })),
    },
  ];
  const setTarget = (column: number, target: ColumnTarget) =>
    props.onMappingChange(mapping.map((current, index) => (index === column ? target : current)));

  return (
    <Flex vertical gap="middle">
      <Typography.Text type="secondary">{t('mapping.titleHint')}</Typography.Text>
      <Typography.Text type="secondary">{t('mapping.emailHint')}</Typography.Text>
      <Table
        size="small"
        pagination={false}
        scroll={{ x: true }}
        rowKey="column"
        dataSource={sheet.headers.map((header, column) => ({ column, header }))}
        columns={[
          { key: 'header', title: t('mapping.column'), dataIndex: 'header' },
          {
            key: 'sample',
            title: t('mapping.sample'),
            render: (_, { column }) => (
              <Typography.Text ellipsis style={{ maxWidth: 220 }}>
                {sheet.rows[0]?.[column]}
              </Typography.Text>
            ),
          },
          {
            key: 'target',
            title: t('mapping.target'),
            render: (_, { column, header }) => (
              <Select<ColumnTarget>
                style={{ width: 240, maxWidth: '40vw' }}
                value={mapping[column] ?? 'ignore'}
                options={optionsFor(column)}
                onChange={(target) => setTarget(column, target)}
                aria-label={t('mapping.targetOf', { header })}
                data-testid={`mapping-${column}`}
              />
            ),
          },
        ]}
      />
      {mapping.includes('tags') && (
        <Flex gap="small" align="center" wrap>
          <Typography.Text>{t('mapping.separator')}</Typography.Text>
          <Radio.Group
            value={separator}
            onChange={(event) => props.onSeparatorChange(event.target.value)}
            options={Object.keys(TAG_SEPARATORS).map((key) => ({
              value: key,
              label: t(`mapping.separators.${key as TagSeparator}`),
            }))}
          />
        </Flex>
      )}
      {problems.map((problem) => (
        <Alert
          key={problem}
          type="warning"
          showIcon
          title={t(`mapping.${problem}`, { max: MAX_TAG_COLUMNS })}
        />
      ))}
    </Flex>
  );
}
