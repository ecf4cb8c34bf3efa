import { EditOutlined } from '@ant-design/icons';
import type { Dataset, DatumField } from '@shortlist/contract';
import { Button, Table, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerView } from '../answers/answer-view';
import { shownAnswer } from '../answers/shown-answer';
import { DatumValueDialog } from './datum-value-dialog';
import './resources';

/** Each question of the item type with the item's answer, and a button to change it. */
export function ExtraDataTable({ dataset, fields }: { dataset: Dataset; fields: DatumField[] }) {
  const { t } = useTranslation('items');
  const [editing, setEditing] = useState<DatumField | null>(null);
  const answerTo = (field: DatumField) =>
    dataset.datum_values.find((value) => value.datum_field === field.id);

  return (
    <>
      <Table<DatumField>
        rowKey="id"
        size="small"
        pagination={false}
        dataSource={[...fields].sort((a, b) => a.order - b.order)}
        locale={{ emptyText: t('editItem.noFields') }}
        data-testid="extra-data-table"
        columns={[
          {
            key: 'label',
            title: t('editItem.field'),
            render: (_, field) => <Typography.Text strong>{field.label}</Typography.Text>,
          },
          {
            key: 'value',
            title: t('editItem.value'),
            render: (_, field) => <AnswerView answer={shownAnswer(answerTo(field), field)} />,
          },
          {
            key: 'edit',
            width: 48,
            render: (_, field) => (
              <Button
                size="small"
                icon={<EditOutlined />}
                aria-label={t('editItem.editValue', { label: field.label })}
                title={t('editItem.editValue', { label: field.label })}
                onClick={() => setEditing(field)}
                data-testid={`edit-value-${field.id}`}
              />
            ),
          },
        ]}
      />
      {editing && (
        <DatumValueDialog
          dataset={dataset}
          field={editing}
          value={answerTo(editing)}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
