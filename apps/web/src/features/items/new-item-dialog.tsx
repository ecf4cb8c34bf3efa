import { DATASET_TITLE_MAX_LENGTH, DATASET_TITLE_MIN_LENGTH } from '@shortlist/contract';
import { App, Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../app/api-errors';
import { useDiscardGuard } from '../../app/layout/use-discard-guard';
import { useAllItemTypes, useDatasetMutations } from './use-datasets';
import '../../app/i18n/items-resources';

const FORM_ID = 'new-item-form';
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
  const { close, markDirty } = useDiscardGuard(isOpen, onClose);
  const itemTypes = useAllItemTypes(teamId);
  const { create, refresh } = useDatasetMutations();

  useEffect(() => {
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
    <Modal
      open={isOpen}
      title={t('newItem.title')}
      onCancel={close}
      afterClose={() => form.resetFields()}
      okText={t('common.create', { ns: 'translation' })}
      cancelText={t('common.cancel', { ns: 'translation' })}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: create.isPending }}
      forceRender
    >
      <Form<NewItemValues>
        onValuesChange={markDirty}
        id={FORM_ID}
        form={form}
        layout="vertical"
        onFinish={handleFinish}
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
      </Form>
    </Modal>
  );
}
