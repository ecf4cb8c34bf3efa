import { type Audience, DECISIONS, MAX_PAGE_SIZE } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Checkbox, Form, Input, InputNumber, Modal, Select, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchForms, formKeys } from '../forms/api';
import { useDebouncedValue } from '../merges/use-debounced-value';
import { useIssueOptions } from '../selections/use-issue-options';
import { addAudience, countAudience, emailKeys } from './api';
import { errorText } from './error-text';
import './mailings-resources';
import './resources';

interface Values {
  form?: number;
  issue?: number;
  round?: number | null;
  decision?: Audience['decision'];
  decision_pending?: boolean;
  tag?: string;
}

/** The filters given, as the API reads an audience: an empty field is no filter. */
const toAudience = (values: Values): Audience => ({
  form: values.form ?? undefined,
  issue: values.issue ?? undefined,
  round: values.round ?? undefined,
  decision: values.decision ?? undefined,
  decision_pending: values.decision_pending || undefined,
  tag: values.tag?.trim() || undefined,
});
const isEmpty = (audience: Audience) => Object.values(audience).every((value) => value === undefined);

/**
 * Chooses a mailing's recipients inside the mailing (docs/emails.md, "Audience"): items of a form, a
 * selection, a round, a decision, a tag; the count shows before anything is added.
 */
export function AudienceDialog({
  teamId,
  batchId,
  isOpen,
  onClose,
}: {
  teamId: number;
  batchId: number;
  isOpen: boolean;
  onClose(): void;
}) {
  const { t } = useTranslation('emails');
  const { t: tm } = useTranslation('mailings');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const [values, setValues] = useState<Values>({});
  // The count waits for the fields to rest: a tag or round typed is one request, not one per key.
  const audience = toAudience(useDebouncedValue(values, 300));
  const issues = useIssueOptions(teamId, isOpen);
  const forms = useQuery({
    queryKey: formKeys.list(teamId, { offset: 0, limit: MAX_PAGE_SIZE }),
    queryFn: ({ signal }) => fetchForms(teamId, { offset: 0, limit: MAX_PAGE_SIZE }, signal),
    enabled: isOpen,
  });
  const count = useQuery({
    queryKey: ['emails', 'audience', teamId, audience],
    queryFn: () => countAudience(teamId, audience),
    enabled: isOpen && !isEmpty(audience),
  });
  const add = useMutation({
    mutationFn: () => addAudience(batchId, toAudience(values)),
    onSuccess: (result) => {
      void message.success(tm('audience.added', { count: result.nb_emails }));
      void queryClient.invalidateQueries({ queryKey: emailKeys.batch(batchId) });
      onClose();
    },
    onError: (error) => void message.error(errorText(error) ?? t('batch.failed')),
  });
  return (
    <Modal
      open={isOpen}
      title={tm('audience.title')}
      onCancel={onClose}
      onOk={() => add.mutate()}
      okText={tm('audience.add')}
      okButtonProps={{ disabled: isEmpty(toAudience(values)), id: 'audience-add' }}
      confirmLoading={add.isPending}
      destroyOnHidden
    >
      <Typography.Paragraph type="secondary">{tm('audience.intro')}</Typography.Paragraph>
      <Form<Values> form={form} layout="vertical" onValuesChange={(_changed, all) => setValues(all)}>
        <Form.Item name="form" label={tm('audience.form')}>
          <Select
            allowClear
            loading={forms.isPending}
            options={(forms.data?.results ?? []).map((item) => ({ value: item.id, label: item.title }))}
            data-testid="audience-form"
          />
        </Form.Item>
        <Form.Item name="issue" label={tm('audience.issue')}>
          <Select
            allowClear
            showSearch={{ filterOption: false, onSearch: issues.onSearch }}
            loading={issues.isLoading}
            options={issues.options}
            data-testid="audience-issue"
          />
        </Form.Item>
        <Form.Item name="round" label={tm('audience.round')}>
          <InputNumber min={1} max={100} precision={0} style={{ width: 120 }} />
        </Form.Item>
        <Form.Item name="decision" label={tm('audience.decision')}>
          <Select
            allowClear
            options={DECISIONS.map((value) => ({ value, label: tm(`audience.decisions.${value}`) }))}
            data-testid="audience-decision"
          />
        </Form.Item>
        <Form.Item name="decision_pending" valuePropName="checked">
          <Checkbox data-testid="audience-pending">{tm('audience.pending')}</Checkbox>
        </Form.Item>
        <Form.Item name="tag" label={tm('audience.tag')}>
          <Input maxLength={50} />
        </Form.Item>
      </Form>
      {count.data && (
        <Alert
          type="info"
          showIcon
          aria-live="polite"
          title={tm('audience.count', {
            items: count.data.nb_datasets,
            emails: count.data.nb_with_email,
          })}
          data-testid="audience-count"
        />
      )}
    </Modal>
  );
}
