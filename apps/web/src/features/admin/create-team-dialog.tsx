import { TEAM_DESCRIPTION_MAX_LENGTH, TEAM_TITLE_MAX_LENGTH, teamCreateSchema } from '@shortlist/contract';
import { App, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { joinFieldMessages, toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { useCreateTeam } from './use-site-teams';

const TITLE_MIN_LENGTH = teamCreateSchema.shape.title.minLength ?? 1;

interface TeamValues {
  title: string;
  description?: string;
}

export function CreateTeamDialog({ isOpen, onClose }: { isOpen: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [form] = Form.useForm<TeamValues>();
  const create = useCreateTeam();

  const handleFinish = (values: TeamValues) =>
    create.mutate(
      { title: values.title.trim(), description: values.description?.trim() ?? '' },
      {
        onSuccess: () => {
          void message.success(t('admin.teamCreated'));
          onClose();
        },
        onError: (error) => {
          const errors = toFormErrors(error, ['title', 'description'] as const);
          if (errors) form.setFields(errors.fields);
          const others = errors?.others.length ? joinFieldMessages({ non_field_errors: errors.others }) : '';
          void message.error(others || t('common.verifyFields'));
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
      title={t('admin.createTeam')}
      okText={t('common.create')}
      forceRender
    >
      <Form.Item
        name="title"
        label={t('admin.title')}
        rules={[
          { required: true, whitespace: true, message: t('admin.titleRequired') },
          {
            min: TITLE_MIN_LENGTH,
            max: TEAM_TITLE_MAX_LENGTH,
            message: t('admin.titleLength', { min: TITLE_MIN_LENGTH, max: TEAM_TITLE_MAX_LENGTH }),
          },
        ]}
      >
        <Input maxLength={TEAM_TITLE_MAX_LENGTH} autoFocus />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('admin.description')}
        rules={[
          {
            max: TEAM_DESCRIPTION_MAX_LENGTH,
            message: t('admin.descriptionLength', { max: TEAM_DESCRIPTION_MAX_LENGTH }),
          },
        ]}
      >
        <Input.TextArea rows={4} maxLength={TEAM_DESCRIPTION_MAX_LENGTH} showCount />
      </Form.Item>
    </FormDialog>
  );
}
