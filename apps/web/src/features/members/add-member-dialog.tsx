import {
  emailSchema,
  MEMBER_EMAIL_MAX_LENGTH,
  MEMBER_PSEUDO_MAX_LENGTH,
  type MemberCreate,
} from '@shortlist/contract';
import { App, Form, Input, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { useAddMember } from './use-add-member';
import './resources';

const FIELDS = ['email', 'pseudo'] as const;

interface AddMemberDialogProps {
  teamId: number;
  isOpen: boolean;
  onClose: () => void;
}

/** Invites an admin by e-mail: they become a member once they accept (decision 42). */
export function AddMemberDialog({ teamId, isOpen, onClose }: AddMemberDialogProps) {
  const { t } = useTranslation('members');
  const { message } = App.useApp();
  const [form] = Form.useForm<MemberCreate>();
  const add = useAddMember(teamId);

  const handleFinish = (values: MemberCreate) =>
    add.mutate(
      { email: values.email.trim(), pseudo: values.pseudo?.trim() ?? '' },
      {
        onSuccess: (result) => {
          if (result.type === 'EXISTED') void message.info(t('exists'));
          else void message.success(t('invited'));
          onClose();
        },
        onError: (error) => {
          const errors = toFormErrors(error, FIELDS);
          if (errors) form.setFields(errors.fields);
          void message.warning(t('common.error', { ns: 'translation' }));
        },
      },
    );

  return (
    <FormDialog
      open={isOpen}
      onClose={onClose}
      form={form}
      onFinish={handleFinish}
      isSaving={add.isPending}
      title={t('addTitle')}
      okText={t('submit')}
      forceRender
    >
      <Typography.Paragraph type="secondary">{t('addIntro')}</Typography.Paragraph>
      <Form.Item
        name="email"
        label={t('email')}
        rules={[
          { required: true, whitespace: true, message: t('emailRequired') },
          { max: MEMBER_EMAIL_MAX_LENGTH },
          {
            validator: (_, value: string | undefined) =>
              !value?.trim() || emailSchema.safeParse(value).success
                ? Promise.resolve()
                : Promise.reject(new Error(t('invalidEmail'))),
          },
        ]}
      >
        <Input inputMode="email" autoComplete="off" maxLength={MEMBER_EMAIL_MAX_LENGTH} autoFocus />
      </Form.Item>
      <Form.Item name="pseudo" label={t('pseudo')} extra={t('pseudoHint')}>
        <Input maxLength={MEMBER_PSEUDO_MAX_LENGTH} showCount />
      </Form.Item>
    </FormDialog>
  );
}
