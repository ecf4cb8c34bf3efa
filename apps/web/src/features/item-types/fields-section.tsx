import { PlusOutlined } from '@ant-design/icons';
import {
  type DatumField,
  type DatumFieldCreate,
  type ItemType,
  MAX_FIELDS_PER_ITEM_TYPE,
} from '@shortlist/contract';
import { App, Button, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../lib/lazy-dialog';
import { FieldsTable } from './fields-table';
import type { useItemTypeMutations } from './use-item-type';
import { useShowSaveError } from './use-save-error';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const FieldDialog = lazyDialog(
  () => import('./field-dialog').then((m) => m.FieldDialog),
  (props) => props.isOpen,
);

interface FieldsSectionProps {
  itemType: ItemType;
  canUseBudget: boolean;
  mutations: ReturnType<typeof useItemTypeMutations>;
}

/** The field table of the editor and the dialog that creates or edits a field. */
export function FieldsSection({ itemType, canUseBudget, mutations }: FieldsSectionProps) {
  const { t } = useTranslation('itemTypes');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const showSaveError = useShowSaveError();
  const [dialog, setDialog] = useState<{ field: DatumField | null } | null>(null);
  const fields = itemType.datum_fields;
  const isFull = fields.length >= MAX_FIELDS_PER_ITEM_TYPE;
  const isBusy = mutations.reorder.isPending || mutations.updateField.isPending;
  const onSaved = () => void message.success(tc('common.saved'));

  const handleSave = (payload: DatumFieldCreate) => {
    const editing = dialog?.field;
    const options = {
      onSuccess: () => {
        onSaved();
        setDialog(null);
      },
      onError: showSaveError,
    };
    if (editing) mutations.updateField.mutate({ fieldId: editing.id, patch: payload }, options);
    else mutations.createField.mutate(payload, options);
  };

  /** Swaps a field with its neighbour and renumbers them all, so equal orders cannot tie. */
  const handleMove = (index: number, offset: -1 | 1) => {
    const ids = fields.map((field) => field.id);
    const target = index + offset;
    [ids[index], ids[target]] = [ids[target] as number, ids[index] as number];
    mutations.reorder.mutate(
      ids.map((id, position) => [id, position + 1]),
      { onError: showSaveError },
    );
  };

  return (
    <section aria-labelledby="item-type-fields">
      <div className="sl-page-header">
        <Typography.Title level={4} id="item-type-fields">
          {t('fields.title')}
        </Typography.Title>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          disabled={isFull}
          title={isFull ? t('maxFields', { max: MAX_FIELDS_PER_ITEM_TYPE }) : undefined}
          onClick={() => setDialog({ field: null })}
          data-testid="add-field"
        >
          {t('fields.add')}
        </Button>
      </div>
      <FieldsTable
        fields={fields}
        isBusy={isBusy}
        onEdit={(field) => setDialog({ field })}
        onDelete={(field) =>
          mutations.deleteField.mutate(field.id, {
            onSuccess: () => void message.success(tc('common.deleted')),
            onError: () => void message.error(tc('common.error')),
          })
        }
        onMove={handleMove}
        onToggle={(field, key, value) =>
          mutations.updateField.mutate(
            { fieldId: field.id, patch: { [key]: value } },
            { onError: showSaveError },
          )
        }
      />
      <FieldDialog
        field={dialog?.field ?? null}
        isOpen={dialog !== null}
        isSaving={mutations.createField.isPending || mutations.updateField.isPending}
        canUseBudget={canUseBudget}
        onSave={handleSave}
        onClose={() => setDialog(null)}
      />
    </section>
  );
}
