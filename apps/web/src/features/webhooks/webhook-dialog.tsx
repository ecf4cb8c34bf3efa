import { WEBHOOK_EVENTS, WEBHOOK_URL_MAX_LENGTH, type WebhookEvent } from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { FormDialog } from '../../lib/layout/form-dialog';
import { createWebhook, webhookKeys } from './api';
import './resources';

interface Values {
  url: string;
  events: WebhookEvent[];
}

/** A new webhook: its URL and the events it hears. The secret is made by the server. */
export function WebhookDialog({
  teamId,
  isOpen,
  onClose,
}: {
  teamId: number;
  isOpen: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('webhooks');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const save = useMutation({
    mutationFn: (values: Values) => createWebhook({ team: teamId, ...values, active: true }),
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
      onClose();
    },
    // A URL the server refuses (its own network) is said under the field, in the server's words.
    onError: (error) => {
      const errors = toFormErrors(error, ['url', 'events'] as const);
      if (!errors || errors.others.length > 0) void message.error(t('saveFailed'));
      form.setFields(errors?.fields ?? []);
    },
  });
  return (
    <FormDialog
      open={isOpen}
      onClose={onClose}
      form={form}
      onFinish={(values) => save.mutate(values)}
      isSaving={save.isPending}
      formProps={{ initialValues: { events: [...WEBHOOK_EVENTS] } }}
      title={t('add')}
      okText={t('save')}
      destroyOnHidden
    >
      <Form.Item
        name="url"
        label={t('url')}
        extra={t('urlHint')}
        rules={[{ required: true, type: 'url', max: WEBHOOK_URL_MAX_LENGTH }]}
      >
        <Input placeholder="https://example.org/hooks/shortlist" autoFocus data-testid="webhook-url" />
      </Form.Item>
      <Form.Item name="events" label={t('events')} rules={[{ required: true, type: 'array', min: 1 }]}>
        <Checkbox.Group
          options={WEBHOOK_EVENTS.map((event) => ({ value: event, label: t(`event.${event}`) }))}
          style={{ display: 'flex', flexDirection: 'column', gap: 8 }}
        />
      </Form.Item>
    </FormDialog>
  );
}
