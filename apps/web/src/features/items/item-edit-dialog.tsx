import {
  DATASET_TAG_MAX_LENGTH,
  DATASET_TAGS_JOINED_MAX_LENGTH,
  DATASET_TITLE_MAX_LENGTH,
  DATASET_TITLE_MIN_LENGTH,
  EMAIL_MAX_LENGTH,
} from '@shortlist/contract';
import { App, Divider, Form, Input, Select, Spin, Typography } from 'antd';
import { useEffect, useLayoutEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { ExtraDataTable } from './extra-data-table';
import { joinTags, tagsOf } from './format';
import { useDataset, useDatasetMutations, useItemTypeOf } from './use-datasets';
import './resources';

const FIELDS = ['title', 'tags', 'contact_email'] as const;

interface EditValues {
  title: string;
  tags: string[];
  contact_email: string;
}

interface ItemEditDialogProps {
  teamId: number;
  datasetId: number | null;
  onClose: () => void;
}

/** Title and tags, saved together; each answer is saved on its own from the extra-data table. */
export function ItemEditDialog({ teamId, datasetId, onClose }: ItemEditDialogProps) {
  const { t } = useTranslation('items');
  const { message } = App.useApp();
  const [form] = Form.useForm<EditValues>();
  const dataset = useDataset(datasetId);
  const itemType = useItemTypeOf(teamId, dataset.data?.data_model);
  const { patch } = useDatasetMutations();
  const item = dataset.data;

  // Before the dialog paints: set later, the values would undo a first click (lib/layout/form-dialog.tsx).
  useLayoutEffect(() => {
    if (item) {
      form.setFieldsValue({
        title: item.title,
        tags: tagsOf(item.tags),
        contact_email: item.contact_email ?? '',
      });
    }
  }, [item, form]);

  // The spec: a load failure says so and closes the dialog.
  useEffect(() => {
    if (datasetId !== null && dataset.isError) {
      void message.error(t('editItem.loadFailed'));
      onClose();
    }
  }, [datasetId, dataset.isError, message, onClose, t]);

  const handleFinish = (values: EditValues) => {
    if (!item) return;
    patch.mutate(
      {
        id: item.id,
        patch: {
          title: values.title.trim(),
          tags: joinTags(values.tags ?? []),
          contact_email: values.contact_email?.trim() ?? '',
        },
      },
      {
        onSuccess: () => {
          void message.success(t('common.saved', { ns: 'translation' }));
          onClose();
        },
        onError: (error) => {
          const errors = toFormErrors(error, FIELDS);
          if (errors) form.setFields(errors.fields);
          void message.error(t('common.error', { ns: 'translation' }));
        },
      },
    );
  };

  const validateTags = (_: unknown, tags: string[] | undefined) => {
    const list = tags ?? [];
    if (list.some((tag) => tag.trim().length > DATASET_TAG_MAX_LENGTH)) {
      return Promise.reject(new Error(t('editItem.tagsHint')));
    }
    return joinTags(list).length > DATASET_TAGS_JOINED_MAX_LENGTH
      ? Promise.reject(new Error(t('editItem.tagsTooLong')))
      : Promise.resolve();
  };

  return (
    <FormDialog
      open={datasetId !== null}
      onClose={onClose}
      form={form}
      onFinish={handleFinish}
      isSaving={patch.isPending}
      canSave={item !== undefined}
      title={t('editItem.title')}
      okText={t('common.save', { ns: 'translation' })}
      width={820}
      destroyOnHidden
      after={
        item && (
          <>
            <Divider titlePlacement="start">{t('editItem.extraData')}</Divider>
            {itemType.data ? (
              <ExtraDataTable dataset={item} fields={itemType.data.datum_fields} />
            ) : itemType.isError ? (
              <Typography.Text type="danger">{t('common.error', { ns: 'translation' })}</Typography.Text>
            ) : (
              <Spin />
            )}
          </>
        )
      }
    >
      {!item ? (
        <Spin />
      ) : (
        <>
          <Form.Item
            name="title"
            label={t('editItem.name')}
            rules={[
              { required: true, whitespace: true, message: t('newItem.nameRequired') },
              { min: DATASET_TITLE_MIN_LENGTH },
              { max: DATASET_TITLE_MAX_LENGTH },
            ]}
          >
            <Input maxLength={DATASET_TITLE_MAX_LENGTH} showCount data-testid="edit-item-title" />
          </Form.Item>
          <Form.Item
            name="tags"
            label={t('editItem.tags')}
            extra={t('editItem.tagsHint')}
            rules={[{ validator: validateTags }]}
          >
            <Select
              mode="tags"
              tokenSeparators={[';']}
              open={false}
              suffixIcon={null}
              aria-label={t('editItem.tags')}
            />
          </Form.Item>
          <Form.Item
            name="contact_email"
            label={t('editItem.contactEmail')}
            extra={t('editItem.contactEmailHint')}
            rules={[{ type: 'email', whitespace: true, message: t('editItem.contactEmailInvalid') }]}
          >
            <Input
              type="email"
              maxLength={EMAIL_MAX_LENGTH}
              placeholder={item.submission?.email}
              data-testid="edit-item-contact-email"
            />
          </Form.Item>
        </>
      )}
    </FormDialog>
  );
}
