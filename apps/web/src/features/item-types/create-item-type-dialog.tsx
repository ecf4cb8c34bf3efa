import { ITEM_TYPE_TITLE_MAX_LENGTH } from '@shortlist/contract';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { useCreateItemType } from './use-item-types';
import './resources';

interface CreateItemTypeDialogProps {
  teamId: number;
  isOpen: boolean;
  onClose: () => void;
}

/** Creates an item type from its name, then opens its editor to add the fields. */
export function CreateItemTypeDialog({ teamId, isOpen, onClose }: CreateItemTypeDialogProps) {
  const { t } = useTranslation('itemTypes');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<{ title: string }>();
  const create = useCreateItemType(teamId);

  const handleFinish = ({ title }: { title: string }) =>
    create.mutate(title.trim(), {
      onSuccess: (itemType) => {
        void message.success(tc('common.saved'));
        onClose();
        navigate(`/team/${teamId}/item-types/${itemType.id}/manage`);
      },
      onError: (error) => {
        const errors = toFormErrors(error, ['title'] as const);
        if (errors) form.setFields(errors.fields);
        void message.warning(tc('common.error'));
      },
    });

  return (
    <FormDialog
      open={isOpen}
      onClose={onClose}
      form={form}
      onFinish={handleFinish}
      isSaving={create.isPending}
      title={t('createTitle')}
      okText={tc('common.create')}
      forceRender
    >
      <Form.Item
        name="title"
        label={t('name')}
        rules={[
          { required: true, whitespace: true, message: t('nameRequired') },
          {
            max: ITEM_TYPE_TITLE_MAX_LENGTH,
            message: t('nameLength', { max: ITEM_TYPE_TITLE_MAX_LENGTH }),
          },
        ]}
      >
        <Input
          maxLength={ITEM_TYPE_TITLE_MAX_LENGTH}
          showCount
          autoFocus
          data-testid="item-type-title-input"
        />
      </Form.Item>
    </FormDialog>
  );
}
