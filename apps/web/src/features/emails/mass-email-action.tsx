import { MailOutlined } from '@ant-design/icons';
import { IGNORED_ITEMS_WARNING_SECONDS, MAX_PAGE_SIZE } from '@shortlist/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Form, Modal, Radio, Select, Tooltip } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { getErrorDetail } from '../../app/api-errors';
import { fetchItemTypes } from '../item-types/api';
import { useCurrentTeam } from '../teams/team-context';
import { createEmails, fetchBatches } from './api';
import { BatchFields, useCreateBatch } from './batch-dialog';
import { batchPath } from './batches-tab';

interface Values {
  target: 'new' | 'existing';
  batch?: number;
  title: string;
  description: string;
  template: number;
  email_field: number | 0;
}

/** The items table's bulk action: the checked items' e-mails in a new or a draft mailing (package only). */
export function MassEmailAction({ datasetIds, onDone }: { datasetIds: number[]; onDone(): void }) {
  const { t } = useTranslation('emails');
  const team = useCurrentTeam();
  const { message } = App.useApp();
  const navigate = useNavigate();
  const [isOpen, setOpen] = useState(false);
  const [form] = Form.useForm<Values>();
  const target = Form.useWatch('target', form);
  const limit = team.package.mass_emails_batch_size_limit;
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
      setOpen(false);
      onDone();
      navigate(batchPath(team.id, batchId));
    },
    onError: (error) => void message.error(getErrorDetail(error) ?? t('bulk.failed')),
  });

  if (!team.package.mass_emails) return null;
  const isTooMany = datasetIds.length > limit;
  return (
    <>
      <Tooltip title={isTooMany ? t('bulk.tooMany', { count: limit }) : undefined}>
        <Button
          icon={<MailOutlined />}
          disabled={isTooMany}
          onClick={() => setOpen(true)}
          data-testid="mass-email"
        >
          {t('bulk.button')}
        </Button>
      </Tooltip>
      <Modal
        open={isOpen}
        title={t('bulk.title', { count: datasetIds.length })}
        okText={t('bulk.create')}
        onOk={() => form.submit()}
        onCancel={() => setOpen(false)}
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
              <Select
                options={(drafts.data ?? []).map((batch) => ({ value: batch.id, label: batch.title }))}
              />
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
    </>
  );
}
