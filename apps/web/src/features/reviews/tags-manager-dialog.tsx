import { PlusOutlined } from '@ant-design/icons';
import { TAG_NAME_MAX_LENGTH, type Tag } from '@shortlist/contract';
import { Alert, App, Button, Empty, Flex, Form, Input, Modal, Spin, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { toFormErrors } from '../../lib/api-errors';
import { LoadError } from '../../lib/layout/load-error';
import { useTeam } from '../teams/use-team';
import { ConfirmDeleteButton } from './confirm-delete-button';
import { useTagMutations, useTags } from './use-tags';
import './resources';

interface TagsManagerDialogProps {
  teamId: number;
  open: boolean;
  onClose: () => void;
}

/** Lists, adds and deletes the team's tags; adding stops at the package's cap. */
export function TagsManagerDialog({ teamId, open, onClose }: TagsManagerDialogProps) {
  const { t } = useTranslation('reviews');
  const { message } = App.useApp();
  const [form] = Form.useForm<{ name: string }>();
  const tags = useTags(teamId, open);
  const team = useTeam(open ? teamId : null);
  const { add, remove } = useTagMutations(teamId);
  const maxTags = team.data?.package.max_tags;
  const isBelowCap = tags.data !== undefined && maxTags !== undefined && tags.data.length < maxTags;

  const handleAdd = ({ name }: { name: string }) =>
    add.mutate(name.trim(), {
      onSuccess: () => form.resetFields(),
      onError: (error) => {
        const code = error instanceof ApiError ? error.code : undefined;
        if (code === 'ALREADY_EXISTS') form.setFields([{ name: 'name', errors: [t('tags.exists')] }]);
        else if (code === 'MAX_TAGS') void message.error(t('tags.maxReached'));
        else {
          const errors = toFormErrors(error, ['name'] as const);
          if (errors?.fields.length) form.setFields(errors.fields);
          else void message.error(t('common.error', { ns: 'translation' }));
        }
      },
    });

  const handleDelete = (tag: Tag) =>
    remove.mutateAsync(tag.id).catch(() => void message.error(t('common.error', { ns: 'translation' })));

  const renderTags = () => {
    if (tags.isError) return <LoadError onRetry={() => void tags.refetch()} />;
    if (!tags.data) return <Spin />;
    if (tags.data.length === 0)
      return <Empty description={t('tags.empty')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
    return (
      <Flex vertical gap={4} data-testid="tags-list">
        {tags.data.map((tag) => (
          <Flex key={tag.id} justify="space-between" align="center" gap={8}>
            <Typography.Text ellipsis>{tag.name}</Typography.Text>
            <ConfirmDeleteButton
              type="text"
              size="small"
              label={t('tags.delete', { name: tag.name })}
              onConfirm={() => handleDelete(tag)}
            />
          </Flex>
        ))}
      </Flex>
    );
  };

  return (
    <Modal
      open={open}
      title={t('tags.title')}
      onCancel={onClose}
      afterClose={() => form.resetFields()}
      footer={<Button onClick={onClose}>{t('common.close', { ns: 'translation' })}</Button>}
    >
      <Typography.Paragraph type="secondary">{t('tags.intro')}</Typography.Paragraph>
      {renderTags()}
      {tags.data && maxTags !== undefined && !isBelowCap && (
        <Alert type="info" showIcon title={t('tags.maxReached')} style={{ marginTop: 16 }} />
      )}
      {isBelowCap && (
        <Form form={form} layout="inline" onFinish={handleAdd} style={{ marginTop: 16 }}>
          <Form.Item
            name="name"
            style={{ flex: 1 }}
            rules={[{ required: true, whitespace: true, message: t('tags.nameRequired') }]}
          >
            <Input
              placeholder={t('tags.name')}
              aria-label={t('tags.name')}
              maxLength={TAG_NAME_MAX_LENGTH}
              data-testid="tag-name"
            />
          </Form.Item>
          <Button
            type="primary"
            htmlType="submit"
            icon={<PlusOutlined />}
            loading={add.isPending}
            data-testid="add-tag"
          >
            {t('tags.add')}
          </Button>
        </Form>
      )}
    </Modal>
  );
}
