import { ArrowLeftOutlined, UsergroupAddOutlined } from '@ant-design/icons';
import { BATCH_STEPS, EMAIL_TEMPLATES_PICKER_LIMIT } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Alert, App, Button, Flex, Select, Space, Spin, Steps, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { ButtonLink } from '../../lib/layout/button-link';
import { LoadError } from '../../lib/layout/load-error';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyDialog } from '../../lib/lazy-dialog';
import { toOffsetLimit } from '../../lib/paging';
import { useCurrentTeam } from '../teams/team-context';
import { emailKeys, fetchTemplates, renderEmails, updateBatch } from './api';
import { BatchProgress } from './batch-progress';
import { EmailCarousel } from './email-carousel';
import { EMAILS_PAGE_SIZE, EmailsTable } from './emails-table';
import { errorText } from './error-text';
import { ResendFailedButton, ScheduledNotice, SendControls } from './schedule-controls';
import { SentTwiceNotice } from './sent-twice-notice';
import { BatchStatusTag } from './status-tags';
import { useBatchView } from './use-batch-view';
import './mailings-resources';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const AudienceDialog = lazyDialog(
  () => import('./audience-dialog').then((m) => m.AudienceDialog),
  (props) => props.isOpen,
);

/**
 * `/team/:teamId/email/batch/:id` (spec: email-batch): list the e-mails (0), preview them (1), send (2),
 * watch them go (3). A mailing already sending or sent opens at the last step. Badge, totals, progress
 * bar and rows come from one reading of the batch and its e-mails, refreshed until the batch ends.
 */
export function BatchPage() {
  const { t } = useTranslation('emails');
  const { t: tm } = useTranslation('mailings');
  const team = useCurrentTeam();
  const id = Number(useParams().id);
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const { offset, limit } = toOffsetLimit({ page, pageSize: EMAILS_PAGE_SIZE });
  const view = useBatchView(id, offset, limit);
  const [chosenStep, setStep] = useState<number>(BATCH_STEPS.list);
  const templates = useQuery({
    queryKey: emailKeys.templates(team.id, 0, EMAIL_TEMPLATES_PICKER_LIMIT, ''),
    queryFn: () => fetchTemplates(team.id, 0, EMAIL_TEMPLATES_PICKER_LIMIT),
  });
  useDocumentTitle(view.data?.batch.title ?? t('title'));
  const refresh = () => queryClient.invalidateQueries({ queryKey: emailKeys.batch(id) });
  const onError = (error: unknown) => void message.error(errorText(error) ?? t('batch.failed'));
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
  const [isAdding, setIsAdding] = useState(false);

  if (view.isError) return <LoadError onRetry={() => void view.refetch()} />;
  if (!view.data) return <Spin size="large" style={{ display: 'block', margin: 48 }} />;
  const { batch, emails } = view.data;
  const { progress, status } = batch;
  const table = (
    <EmailsTable
      emails={emails}
      isLoading={view.isFetching && view.isPlaceholderData}
      page={page}
      onPageChange={setPage}
    />
  );
  const isDraft = status === 'draft';
  const step = isDraft ? chosenStep : BATCH_STEPS.sent;
  const counts = t('batch.sending', {
    sent: progress.sent,
    failed: progress.failed,
    queued: progress.queued,
  });

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
          <Typography.Title level={2}>{batch.title}</Typography.Title>
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
              value={batch.template?.id}
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
              onClick={() => setIsAdding(true)}
              icon={<UsergroupAddOutlined />}
              data-testid="batch-audience"
            >
              {tm('audience.button')}
            </Button>
            <Button
              type="primary"
              onClick={() => render.mutate()}
              loading={render.isPending}
              disabled={!batch.template || progress.total === 0}
              data-testid="batch-render"
            >
              {t('batch.render')}
            </Button>
          </Flex>
          {!batch.template && (
            <Alert type="warning" showIcon title={t('batch.noTemplate')} style={{ marginBottom: 12 }} />
          )}
          {table}
          <AudienceDialog
            teamId={team.id}
            batchId={id}
            isOpen={isAdding}
            onClose={() => setIsAdding(false)}
          />
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
      {step === BATCH_STEPS.send && progress.failed > 0 && (
        <Alert
          type="warning"
          showIcon
          title={t('batch.notRendered', { count: progress.failed })}
          style={{ marginBottom: 12 }}
          data-testid="batch-not-rendered"
        />
      )}
      {step === BATCH_STEPS.send && (
        <SendControls batch={batch} onBack={() => setStep(BATCH_STEPS.preview)} />
      )}
      {step === BATCH_STEPS.sent && (
        <>
          <ScheduledNotice batch={batch} />
          <BatchProgress
            progress={progress}
            status={status === 'sending' ? 'active' : undefined}
            aria-label={counts}
            data-testid="batch-progress"
          />
          <Typography.Paragraph aria-live="polite" data-testid="batch-progress-text">
            {status === 'sending'
              ? counts
              : t('batch.done', { sent: progress.sent, failed: progress.failed })}
          </Typography.Paragraph>
          <SentTwiceNotice batchId={id} count={progress.maybe_sent_twice} />
          <Flex style={{ marginBottom: 12 }}>
            <ResendFailedButton batch={batch} />
          </Flex>
          {table}
        </>
      )}
    </div>
  );
}
