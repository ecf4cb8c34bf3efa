import { CopyOutlined } from '@ant-design/icons';
import type { IntakeForm } from '@shortlist/contract';
import { Alert, App, Button, Flex, Form, Input, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import './resources';

/** The share tab: the public address of the form, to copy, and a warning while it is private. */
export function ShareTab({ form }: { form: IntakeForm }) {
  const { t } = useTranslation('forms');
  const { t: tc } = useTranslation();
  const { message } = App.useApp();
  const link = `${window.location.origin}/forms/${form.id}`;

  const handleCopy = async () => {
    try {
      await navigator.clipboard.writeText(link);
      void message.success(t('share.copied'));
    } catch {
      void message.error(tc('common.error'));
    }
  };

  return (
    <Flex vertical gap={16} style={{ maxWidth: 720 }}>
      {!form.published && (
        <Alert type="warning" showIcon title={t('share.unpublished')} data-testid="share-unpublished" />
      )}
      <Form.Item label={t('share.link')} layout="vertical">
        <Space.Compact block>
          <Input readOnly value={link} aria-label={t('share.link')} data-testid="share-link" />
          <Button icon={<CopyOutlined />} onClick={handleCopy} data-testid="copy-share-link">
            {t('share.copy')}
          </Button>
        </Space.Compact>
      </Form.Item>
    </Flex>
  );
}
