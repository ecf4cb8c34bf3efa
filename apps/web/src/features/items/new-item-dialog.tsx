import { DATASET_TITLE_MAX_LENGTH, DATASET_TITLE_MIN_LENGTH } from '@shortlist/contract';
import { App, Form, Input, Select } from 'antd';
import { useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { useAllItemTypes, useDatasetMutations } from './use-datasets';
import './resources';

const FIELDS = ['title', 'data_model'] as const;

interface NewItemValues {
  title: string;
  data_model: number;
}

interface NewItemDialogProps {
  teamId: number;
  /** Preset and fixed when the table shows one item type. */
  dataModelId?: number;
  isOpen: boolean;
  onClose: () => void;
  /** The new item's id: the table opens it for editing. */
  onCreated: (id: number) => void;
  /** A further step (adding the item to a selection); its failure leaves the item created. */
  afterCreate?: (id: number) => Promise<unknown>;
}

/** Title and item type, both required; the answers are given afterwards in the edit dialog. */
export function NewItemDialog(props: NewItemDialogProps) {
  const { teamId, dataModelId, isOpen, onClose, onCreated, afterCreate } = props;
  const { t } = useTranslation('items');
  const { message } = App.useApp();
  const [form] = Form.useForm<NewItemValues>();
  const itemTypes = useAllItemTypes(teamId);
  const { create, refresh } = useDatasetMutations();

  // Before the dialog paints: set later, the values would undo a first click (lib/layout/form-dialog.tsx).
  useLayoutEffect(() => {
    if (isOpen && dataModelId) form.setFieldValue('data_model', dataModelId);
  }, [isOpen, dataModelId, form]);

  const handleFinish = (values: NewItemValues) =>
    create.mutate(
      { title: values.title.trim(), data_model: values.data_model },
      {
        onSuccess: async (dataset) => {
          onClose();
          onCreated(dataset.id);
          try {
            await afterCreate?.(dataset.id);
            void message.success(t('newItem.created'));
          } catch {
            void message.error(t('newItem.createdNotAdded'));
          }
          await refresh();
        },
        onError: (error) => {
          const errors = toFormErrors(error, FIELDS);
          if (errors) form.setFields(errors.fields);
          void message.error(t('newItem.createFailed'));
        },
      },
    );

  return (
    <FormDialog
      open={isOpen}
      onClose={onClose}
      form={form}
      onFinish={handleFinish}
      isSaving={create.isPending}
      title={t('newItem.title')}
      okText={t('common.create', { ns: 'translation' })}
      forceRender
    >
      <Form.Item
        name="title"
        label={t('newItem.name')}
        rules={[
          { required: true, whitespace: true, message: t('newItem.nameRequired') },
          { min: DATASET_TITLE_MIN_LENGTH },
          { max: DATASET_TITLE_MAX_LENGTH },
        ]}
      >
        <Input maxLength={DATASET_TITLE_MAX_LENGTH} showCount autoFocus data-testid="new-item-title" />
      </Form.Item>
      <Form.Item
        name="data_model"
        label={t('newItem.itemType')}
        rules={[{ required: true, message: t('newItem.itemTypeRequired') }]}
      >
        <Select
          loading={itemTypes.isPending}
          disabled={Boolean(dataModelId)}
          showSearch={{ optionFilterProp: 'label' }}
          options={(itemTypes.data ?? []).map((type) => ({ value: type.id, label: type.label }))}
          data-testid="new-item-type"
        />
      </Form.Item>
    </FormDialog>
  );
}
