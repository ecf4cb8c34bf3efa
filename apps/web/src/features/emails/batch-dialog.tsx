import {
  EMAIL_BATCH_DESCRIPTION_MAX_LENGTH,
  EMAIL_BATCH_TITLE_MAX_LENGTH,
  EMAIL_TEMPLATES_PICKER_LIMIT,
  type EmailBatch,
} from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Checkbox, Form, Input, Modal, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { getErrorDetail } from '../../lib/api-errors';
import { useIssueOptions } from '../selections/use-issue-options';
import { createBatch, emailKeys, fetchTemplates } from './api';
import './mailings-resources';
import './resources';

interface Values {
  title: string;
  description: string;
  template: number;
  sends_decisions?: boolean;
  issue?: number | null;
}

/** The fields of a new mailing, also used by the items table's bulk action. */
export function BatchFields({ teamId, isEnabled }: { teamId: number; isEnabled: boolean }) {
  const { t } = useTranslation('emails');
  const { t: tm } = useTranslation('mailings');
  const templates = useQuery({
    queryKey: emailKeys.templates(teamId, 0, EMAIL_TEMPLATES_PICKER_LIMIT, ''),
    queryFn: () => fetchTemplates(teamId, 0, EMAIL_TEMPLATES_PICKER_LIMIT),
    enabled: isEnabled,
  });
  const issues = useIssueOptions(teamId, isEnabled);
  return (
    <>
      <Form.Item
        name="title"
        label={t('batches.titleLabel')}
        rules={[{ required: true, whitespace: true, max: EMAIL_BATCH_TITLE_MAX_LENGTH }]}
      >
        <Input maxLength={EMAIL_BATCH_TITLE_MAX_LENGTH} data-testid="batch-title" />
      </Form.Item>
      <Form.Item
        name="description"
        label={t('batches.description')}
        rules={[{ max: EMAIL_BATCH_DESCRIPTION_MAX_LENGTH }]}
      >
        <Input.TextArea
          autoSize={{ minRows: 1, maxRows: 3 }}
          maxLength={EMAIL_BATCH_DESCRIPTION_MAX_LENGTH}
        />
      </Form.Item>
      <Form.Item name="template" label={t('batches.template')} rules={[{ required: true }]}>
        <Select
          loading={templates.isPending}
          options={(templates.data?.results ?? []).map((template) => ({
            value: template.id,
            label: template.title,
          }))}
          data-testid="batch-template"
        />
      </Form.Item>
      <Form.Item
        name="issue"
        label={tm('batch.issue')}
        extra={tm('batch.issueHelp', {
          rank: '{{ rank }}',
          round: '{{ round }}',
          interpolation: { escapeValue: false },
        })}
      >
        <Select
          allowClear
          showSearch={{ filterOption: false, onSearch: issues.onSearch }}
          loading={issues.isLoading}
          options={issues.options}
          data-testid="batch-issue"
        />
      </Form.Item>
      <Form.Item
        name="sends_decisions"
        valuePropName="checked"
        extra={tm('batch.sendsDecisionsHelp', {
          decision: '{{ decision }}',
          interpolation: { escapeValue: false },
        })}
      >
        <Checkbox data-testid="batch-sends-decisions">{tm('batch.sendsDecisions')}</Checkbox>
      </Form.Item>
    </>
  );
}

export function useCreateBatch(teamId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (values: Values) =>
      createBatch({
        team: teamId,
        ...values,
        description: values.description ?? '',
        sends_decisions: values.sends_decisions ?? false,
        issue: values.issue ?? null,
      }),
    onSuccess: () => void queryClient.invalidateQueries({ queryKey: emailKeys.all }),
  });
}

export function BatchDialog({
  teamId,
  isOpen,
  onClose,
  onCreated,
}: {
  teamId: number;
  isOpen: boolean;
  onClose(): void;
  onCreated(batch: EmailBatch): void;
}) {
  const { t } = useTranslation('emails');
  const { message } = App.useApp();
  const [form] = Form.useForm<Values>();
  const create = useCreateBatch(teamId);
  return (
    <Modal
      open={isOpen}
      title={t('batches.add')}
      onCancel={onClose}
      onOk={() => form.submit()}
      confirmLoading={create.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        onFinish={(values) =>
          create.mutate(values, {
            onSuccess: onCreated,
            onError: (error) => void message.error(getErrorDetail(error) ?? t('batches.failed')),
          })
        }
      >
        <BatchFields teamId={teamId} isEnabled={isOpen} />
      </Form>
    </Modal>
  );
}
