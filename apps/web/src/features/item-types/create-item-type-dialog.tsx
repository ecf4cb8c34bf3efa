import { ITEM_TYPE_TITLE_MAX_LENGTH } from '@shortlist/contract';
import { App, Form, Input, Modal } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { toFormErrors } from '../../app/api-errors';
import { useCreateItemType } from './use-item-types';
import '../../app/i18n/item-types-resources';

const FORM_ID = 'create-item-type-form';

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
    <Modal
      open={isOpen}
      title={t('createTitle')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      okText={tc('common.create')}
      cancelText={tc('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: create.isPending }}
      forceRender
    >
      <Form id={FORM_ID} form={form} layout="vertical" onFinish={handleFinish}>
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
      </Form>
    </Modal>
  );
}
