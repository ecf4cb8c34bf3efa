import { ArrowLeftOutlined, SendOutlined } from '@ant-design/icons';
import { BATCH_STEPS, EMAIL_TEMPLATES_PICKER_LIMIT } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Popconfirm, Progress, Select, Space, Spin, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { getErrorDetail } from '../../app/api-errors';
import { ButtonLink } from '../../app/layout/button-link';
import { LoadError } from '../../app/layout/load-error';
import { useDocumentTitle } from '../../app/layout/use-document-title';
import { useCurrentTeam } from '../teams/team-context';
import { emailKeys, fetchBatch, fetchTemplates, renderEmails, sendEmails, updateBatch } from './api';
import { EmailCarousel } from './email-carousel';
import { EmailsTable } from './emails-table';
import { SentTwiceNotice } from './sent-twice-notice';
import { BatchStatusTag } from './status-tags';

const POLL_MS = 1500;

/**
 * `/team/:teamId/email/batch/:id` (spec: email-batch): list the e-mails (0), preview them (1), send (2),
 * watch them go (3). A mailing already sending or sent opens at the last step; while it sends the
 * progress bar follows the server's counts.
 */
export function BatchPage() {
  const { t } = useTranslation('emails');
  const team = useCurrentTeam();
  const id = Number(useParams().id);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const batch = useQuery({
    queryKey: emailKeys.batch(id),
    queryFn: () => fetchBatch(id),
    refetchInterval: (query) => (query.state.data?.status === 'sending' ? POLL_MS : false),
  });
  const [chosenStep, setStep] = useState<number>(BATCH_STEPS.list);
  const templates = useQuery({
    queryKey: emailKeys.templates(team.id, 0, EMAIL_TEMPLATES_PICKER_LIMIT, ''),
    queryFn: () => fetchTemplates(team.id, 0, EMAIL_TEMPLATES_PICKER_LIMIT),
  });
  useDocumentTitle(batch.data?.title ?? t('title'));
  const refresh = () => queryClient.invalidateQueries({ queryKey: ['emails', 'batch', id] });
  const onError = (error: unknown) => void message.error(getErrorDetail(error) ?? t('batch.failed'));
  const changeTemplate = useMutation({
    mutationFn: (template: number) => updateBatch(id, { template }),
    onSuccess: refresh,
    onError,
  });
  const render = useMutation({
    mutationFn: () => renderEmails(id),
    onSuccess: () => {
      void refresh();
      setStep(BATCH_STEPS.preview);
    },
    onError,
  });
  const send = useMutation({
    mutationFn: () => sendEmails(id),
    onSuccess: () => {
      void refresh();
      void queryClient.invalidateQueries({ queryKey: emailKeys.all });
    },
    onError,
  });

  if (batch.isError) return <LoadError onRetry={() => void batch.refetch()} />;
  if (!batch.data) return <Spin size="large" style={{ display: 'block', margin: 48 }} />;
  const { progress, status } = batch.data;
  const isDraft = status === 'draft';
  const step = isDraft ? chosenStep : BATCH_STEPS.sent;
  const done = progress.sent + progress.failed;

  return (
    <div className="sl-page">
      <ButtonLink
        to={`/team/${team.id}/emails`}
        type="link"
        icon={<ArrowLeftOutlined />}
        style={{ paddingInline: 0 }}
      >
        {t('batch.back')}
      </ButtonLink>
      <div className="sl-page-header">
        <Space align="center" wrap>
          <Typography.Title level={2}>{batch.data.title}</Typography.Title>
          <BatchStatusTag status={status} />
        </Space>
      </div>
      <Steps
        current={step}
        style={{ marginBottom: 24 }}
        items={[
          t('batch.steps.list'),
          t('batch.steps.preview'),
          t('batch.steps.send'),
          t('batch.steps.sent'),
        ].map((title) => ({ title }))}
      />
      {step === BATCH_STEPS.list && (
        <>
          <Flex gap={8} wrap align="center" style={{ marginBottom: 12 }}>
            <Typography.Text>{t('batch.changeTemplate')}</Typography.Text>
            <Select
              value={batch.data.template?.id}
              placeholder={t('batch.noTemplate')}
              style={{ minWidth: 240 }}
              aria-label={t('batch.changeTemplate')}
              options={(templates.data?.results ?? []).map((template) => ({
                value: template.id,
                label: template.title,
              }))}
              onChange={(template: number) => changeTemplate.mutate(template)}
            />
            <Button
              type="primary"
              onClick={() => render.mutate()}
              loading={render.isPending}
              disabled={!batch.data.template || progress.total === 0}
              data-testid="batch-render"
            >
              {t('batch.render')}
            </Button>
          </Flex>
          {!batch.data.template && (
            <Alert type="warning" showIcon message={t('batch.noTemplate')} style={{ marginBottom: 12 }} />
          )}
          <EmailsTable batchId={id} refreshMs={false} />
        </>
      )}
      {step === BATCH_STEPS.preview && (
        <>
          <EmailCarousel batchId={id} total={progress.total} />
          <Flex gap={8} wrap style={{ marginTop: 16 }}>
            <Button onClick={() => setStep(BATCH_STEPS.list)}>{t('batch.backToList')}</Button>
            <Button type="primary" onClick={() => setStep(BATCH_STEPS.send)} data-testid="batch-to-send">
              {t('batch.toSend')}
            </Button>
          </Flex>
        </>
      )}
      {step === BATCH_STEPS.send && (
        <Flex gap={8} wrap>
          <Button onClick={() => setStep(BATCH_STEPS.preview)}>{t('batch.previous')}</Button>
          <Popconfirm
            title={t('batch.sendConfirm', { count: progress.total })}
            onConfirm={() => send.mutate()}
          >
            <Button type="primary" icon={<SendOutlined />} loading={send.isPending} data-testid="batch-send">
              {t('batch.send', { count: progress.total })}
            </Button>
          </Popconfirm>
        </Flex>
      )}
      {step === BATCH_STEPS.sent && (
        <>
          <Progress
            percent={progress.total ? Math.round((done / progress.total) * 100) : 0}
            success={{ percent: progress.total ? Math.round((progress.sent / progress.total) * 100) : 0 }}
            status={status === 'sending' ? 'active' : undefined}
            aria-label={t('batch.sending', { sent: done, total: progress.total })}
            data-testid="batch-progress"
          />
          <Typography.Paragraph aria-live="polite" data-testid="batch-progress-text">
            {status === 'sending'
              ? t('batch.sending', { sent: done, total: progress.total })
              : t('batch.done', { sent: progress.sent, failed: progress.failed })}
          </Typography.Paragraph>
          <SentTwiceNotice batchId={id} count={progress.maybe_sent_twice} />
          <EmailsTable batchId={id} refreshMs={status === 'sending' ? POLL_MS : false} />
        </>
      )}
    </div>
  );
}
