import {
  emailSchema,
  MEMBER_EMAIL_MAX_LENGTH,
  MEMBER_PSEUDO_MAX_LENGTH,
  type MemberCreate,
} from '@shortlist/contract';
import { App, Form, Input, Modal, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../app/api-errors';
import { useAddMember } from './use-add-member';

const FORM_ID = 'add-member-form';
const FIELDS = ['email', 'pseudo'] as const;

interface AddMemberDialogProps {
  teamId: number;
  isOpen: boolean;
  onClose: () => void;
}

/** Adds an admin by e-mail: an unknown address gets an account and an invitation. */
export function AddMemberDialog({ teamId, isOpen, onClose }: AddMemberDialogProps) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<MemberCreate>();
  const add = useAddMember(teamId);

  const handleFinish = (values: MemberCreate) =>
    add.mutate(
      { email: values.email.trim(), pseudo: values.pseudo?.trim() ?? '' },
      {
        onSuccess: (result) => {
          if (result.type === 'EXISTED') void message.info(t('members.exists'));
          else void message.success(t(result.type === 'CREATED' ? 'members.created' : 'members.added'));
          onClose();
        },
        onError: (error) => {
          const errors = toFormErrors(error, FIELDS);
          if (errors) form.setFields(errors.fields);
          void message.warning(t('common.error'));
        },
      },
    );

  return (
    <Modal
      open={isOpen}
      title={t('members.addTitle')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      okText={t('members.submit')}
      cancelText={t('common.cancel')}
      okButtonProps={{ htmlType: 'submit', form: FORM_ID, loading: add.isPending }}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('members.addIntro')}</Typography.Paragraph>
      <Form<MemberCreate> id={FORM_ID} form={form} layout="vertical" onFinish={handleFinish}>
        <Form.Item
          name="email"
          label={t('members.email')}
          rules={[
            { required: true, whitespace: true, message: t('members.emailRequired') },
            { max: MEMBER_EMAIL_MAX_LENGTH },
            {
              validator: (_, value: string | undefined) =>
                !value?.trim() || emailSchema.safeParse(value).success
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('members.invalidEmail'))),
            },
          ]}
        >
          <Input inputMode="email" autoComplete="off" maxLength={MEMBER_EMAIL_MAX_LENGTH} autoFocus />
        </Form.Item>
        <Form.Item name="pseudo" label={t('members.pseudo')} extra={t('members.pseudoHint')}>
          <Input maxLength={MEMBER_PSEUDO_MAX_LENGTH} showCount />
        </Form.Item>
      </Form>
    </Modal>
  );
}
