import {
  ArrowDownOutlined,
  ArrowUpOutlined,
  CheckOutlined,
  DeleteOutlined,
  EditOutlined,
} from '@ant-design/icons';
import type { DatumField } from '@shortlist/contract';
import {
  Button,
  Empty,
  Popconfirm,
  Space,
  Switch,
  Table,
  type TableColumnsType,
  Tag,
  Typography,
} from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';

type Visibility = 'on_forms' | 'on_issues';

interface FieldsTableProps {
  /** Already in their order. */
  fields: DatumField[];
  isBusy: boolean;
  onEdit: (field: DatumField) => void;
  onDelete: (field: DatumField) => void;
  onMove: (index: number, offset: -1 | 1) => void;
  onToggle: (field: DatumField, key: Visibility, value: boolean) => void;
}

/** The fields of an item type, with up/down ordering and the visibility switches. */
export function FieldsTable({ fields, isBusy, onEdit, onDelete, onMove, onToggle }: FieldsTableProps) {
  const { t } = useTranslation('itemTypes');
  const { t: tc } = useTranslation();

  const visibilitySwitch = (key: Visibility, title: string) => ({
    key,
    title,
    render: (_: unknown, field: DatumField) => (
      <Switch
        size="small"
        checked={field[key]}
        disabled={isBusy}
        aria-label={`${title} — ${field.label}`}
        onChange={(value) => onToggle(field, key, value)}
      />
    ),
  });

  const columns: TableColumnsType<DatumField> = [
    {
      key: 'order',
      title: t('fields.order'),
      render: (_, field, index) => (
        <Space size={0}>
          <Button
            type="text"
            size="small"
            icon={<ArrowUpOutlined />}
            aria-label={t('fields.moveUp', { label: field.label })}
            disabled={isBusy || index === 0}
            onClick={() => onMove(index, -1)}
          />
          <Button
            type="text"
            size="small"
            icon={<ArrowDownOutlined />}
            aria-label={t('fields.moveDown', { label: field.label })}
            disabled={isBusy || index === fields.length - 1}
            onClick={() => onMove(index, 1)}
          />
        </Space>
      ),
    },
    { key: 'label', title: t('fields.label'), render: (_, field) => field.label },
    {
      key: 'type',
      title: t('fields.type'),
      render: (_, field) => <Tag>{t(`types.${field.resourcetype}`)}</Tag>,
    },
    {
      key: 'required',
      title: t('fields.required'),
      render: (_, field) => (field.required ? <CheckOutlined aria-label={tc('common.yes')} /> : null),
    },
    visibilitySwitch('on_forms', t('fields.onForms')),
    visibilitySwitch('on_issues', t('fields.onIssues')),
    {
      key: 'variable',
      title: t('fields.templateVariable'),
      render: (_, field) =>
        field.template_variable_email ? (
          <Typography.Text code>{field.template_variable_email}</Typography.Text>
        ) : null,
    },
    {
      key: 'actions',
      title: t('fields.actions'),
      render: (_, field) => (
        <Space size={0}>
          <Button
            type="text"
            icon={<EditOutlined />}
            aria-label={t('fields.edit', { label: field.label })}
            onClick={() => onEdit(field)}
          />
          <Popconfirm
            title={tc('common.confirmDelete')}
            okText={tc('common.yes')}
            cancelText={tc('common.no')}
            onConfirm={() => onDelete(field)}
          >
            <Button
              type="text"
              danger
              icon={<DeleteOutlined />}
              aria-label={t('fields.delete', { label: field.label })}
            />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <Table<DatumField>
      rowKey="id"
      columns={columns}
      dataSource={fields}
      pagination={false}
      scroll={{ x: 'max-content' }}
      locale={{ emptyText: <Empty description={t('fields.empty')} /> }}
      data-testid="fields-table"
    />
  );
}
