import { IGNORED_ITEMS_WARNING_SECONDS, MAX_PAGE_SIZE } from '@shortlist/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Form, Modal, Radio, Select } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getErrorDetail } from '../../lib/api-errors';
import { fetchItemTypes } from '../item-types/api';
import { useCurrentTeam } from '../teams/team-context';
import { createEmails, fetchBatches } from './api';
import { BatchFields, useCreateBatch } from './batch-dialog';
import { batchPath } from './batches-tab';
import './resources';

interface Values {
  target: 'new' | 'existing';
  batch?: number;
  title: string;
  description: string;
  template: number;
  email_field: number | 0;
}

export interface MassEmailDialogProps {
  datasetIds: number[];
  isOpen: boolean;
  onClose(): void;
  onDone(): void;
}

/** The mass e-mail action's dialog (mass-email-action.tsx): the checked items' e-mails in a new or a draft mailing. */
export function MassEmailDialog({ datasetIds, isOpen, onClose, onDone }: MassEmailDialogProps) {
  const { t } = useTranslation('emails');
  const team = useCurrentTeam();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('target', form);
  const drafts = useQuery({
    queryKey: ['emails', 'drafts', team.id],
    queryFn: () => fetchBatches(team.id, 0, MAX_PAGE_SIZE),
    enabled: isOpen,
    select: (page) => page.results.filter((batch) => batch.status === 'draft'),
  });
  const textFields = useQuery({
    queryKey: ['emails', 'address-fields', team.id],
    queryFn: () => fetchItemTypes(team.id, { offset: 0, limit: MAX_PAGE_SIZE, showLinked: true }),
    enabled: isOpen,
    select: (page) =>
      page.results.flatMap((type) =>
        type.datum_fields
          .filter((field) => field.resourcetype === 'text')
          .map((field) => ({
            value: field.id,
            label: t('bulk.field', { label: field.label, itemType: type.title }),
          })),
      ),
  });
  const createBatch = useCreateBatch(team.id);
  const fill = useMutation({
    mutationFn: async (values: Values) => {
      const batchId =
        values.target === 'existing' && values.batch
          ? values.batch
          : (await createBatch.mutateAsync(values)).id;
      const result = await createEmails(batchId, {
        datasets: datasetIds,
        email_field: values.email_field || null,
      });
      return { batchId, result };
    },
    onSuccess: ({ batchId, result }) => {
      const left = result.nb_without_email + result.nb_unsubscribed + result.nb_invalid;
      if (left > 0) {
        void message.warning(
          t('bulk.ignored', {
            without: result.nb_without_email,
            unsubscribed: result.nb_unsubscribed,
            invalid: result.nb_invalid,
          }),
          IGNORED_ITEMS_WARNING_SECONDS,
        );
      }
      onClose();
      onDone();
      navigate(batchPath(team.id, batchId));
    },
    onError: (error) => void message.error(getErrorDetail(error) ?? t('bulk.failed')),
  });

  return (
    <Modal
      open={isOpen}
      title={t('bulk.title', { count: datasetIds.length })}
      okText={t('bulk.create')}
      onOk={() => form.submit()}
      onCancel={onClose}
      confirmLoading={fill.isPending}
      destroyOnHidden
    >
      <Form<Values>
        form={form}
        layout="vertical"
        initialValues={{ target: 'new', email_field: 0 }}
        onFinish={(values) => fill.mutate(values)}
      >
        <Form.Item name="target">
          <Radio.Group
            options={[
              { value: 'new', label: t('bulk.newBatch') },
              { value: 'existing', label: t('bulk.existing'), disabled: (drafts.data ?? []).length === 0 },
            ]}
          />
        </Form.Item>
        {target === 'existing' ? (
          <Form.Item name="batch" label={t('bulk.chooseBatch')} rules={[{ required: true }]}>
            <Select options={(drafts.data ?? []).map((batch) => ({ value: batch.id, label: batch.title }))} />
          </Form.Item>
        ) : (
          <BatchFields teamId={team.id} isEnabled={isOpen} />
        )}
        <Form.Item name="email_field" label={t('bulk.address')}>
          <Select
            options={[{ value: 0, label: t('bulk.submissionEmail') }, ...(textFields.data ?? [])]}
            data-testid="mass-email-address"
          />
        </Form.Item>
      </Form>
    </Modal>
  );
}
