import { DECISIONS, type Decision } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Form, InputNumber, Modal, Select, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { getErrorDetail } from '../../lib/api-errors';
import { decisionKeys, fetchDecisions, setDecisions } from './api';
import './resources';

interface Values {
  decision: Decision | 'none';
  top?: number;
}

export interface DecisionDialogProps {
  teamId: number;
  isOpen: boolean;
  onClose(): void;
  /** From a report: the first k of this selection's ranking. */
  issueId?: number;
  /** From the items table: the ticked items. */
  datasetIds?: number[];
  onDone?(): void;
}

/** Sets a decision, pending until a decisions mailing sends it, for the report's top k or ticked items. */
export function DecisionDialog({
  teamId,
  isOpen,
  onClose,
  issueId,
  datasetIds,
  onDone,
}: DecisionDialogProps) {
  const { t } = useTranslation('decisions');
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [form] = Form.useForm<Values>();
  const existing = useQuery({
    queryKey: decisionKeys.list(teamId, issueId),
    queryFn: () => fetchDecisions(teamId, issueId),
    enabled: isOpen && issueId !== undefined,
  });
  const apply = useMutation({
    mutationFn: (values: Values) =>
      setDecisions({
        team: teamId,
        decision: values.decision === 'none' ? null : values.decision,
        ...(datasetIds ? { datasets: datasetIds } : { issue: issueId, top: values.top }),
      }),
    onSuccess: ({ updated }) => {
      void message.success(t('done', { count: updated }));
      void queryClient.invalidateQueries({ queryKey: decisionKeys.all });
      onDone?.();
      onClose();
    },
    onError: (error) => void message.error(getErrorDetail(error) ?? t('failed')),
  });
  const counts = { accepted: 0, waitlisted: 0, declined: 0, pending: 0 };
  for (const row of existing.data ?? []) {
    counts[row.decision] += 1;
    if (row.pending) counts.pending += 1;
  }
  return (
    <Modal
      open={isOpen}
      title={t('title')}
      onCancel={onClose}
      onOk={() => form.submit()}
      okText={t('apply')}
      confirmLoading={apply.isPending}
      destroyOnHidden
    >
      <Alert type="info" showIcon title={t('intro')} style={{ marginBottom: 16 }} />
      {existing.data && existing.data.length > 0 && (
        <Typography.Paragraph data-testid="decisions-summary">{t('summary', counts)}</Typography.Paragraph>
      )}
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ decision: 'accepted', top: 10 }}
        onFinish={(values) => apply.mutate(values)}
      >
        <Form.Item name="decision" label={t('decision')} rules={[{ required: true }]}>
          <Select
            data-testid="decision-value"
            options={[...DECISIONS, 'none' as const].map((value) => ({ value, label: t(`values.${value}`) }))}
          />
        </Form.Item>
        {datasetIds ? (
          <Typography.Paragraph>{t('ticked', { count: datasetIds.length })}</Typography.Paragraph>
        ) : (
          <Form.Item name="top" label={`${t('top')} — ${t('topCount')}`} rules={[{ required: true }]}>
            <InputNumber min={1} precision={0} style={{ width: 160 }} data-testid="decision-top" />
          </Form.Item>
        )}
      </Form>
    </Modal>
  );
}
