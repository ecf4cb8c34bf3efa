import { DeleteOutlined, PlusOutlined, SendOutlined, UnorderedListOutlined } from '@ant-design/icons';
import type { Webhook } from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Popconfirm, Space, Switch, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PagedTable } from '../../lib/layout/paged-table';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyDialog } from '../../lib/lazy-dialog';
import { toOffsetLimit } from '../../lib/paging';
import { useCurrentTeam } from '../teams/team-context';
import { deleteWebhook, fetchWebhooks, testWebhook, updateWebhook, webhookKeys } from './api';
import './resources';

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const WebhookDialog = lazyDialog(
  () => import('./webhook-dialog').then((m) => m.WebhookDialog),
  (props) => props.isOpen,
);
const DeliveriesDrawer = lazyDialog(
  () => import('./deliveries-drawer').then((m) => m.DeliveriesDrawer),
  (props) => props.webhookId !== null,
);

/** `/team/:teamId/webhooks`: the team's webhooks, their secrets, a test button and each one's delivery log. */
export function WebhooksPage() {
  const { t } = useTranslation('webhooks');
  const team = useCurrentTeam();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const [isAdding, setAdding] = useState(false);
  const [logOf, setLogOf] = useState<number | null>(null);
  const { offset, limit } = toOffsetLimit({ page });
  useDocumentTitle(t('title'));
  const webhooks = useQuery({
    queryKey: webhookKeys.list(team.id, offset),
    queryFn: () => fetchWebhooks(team.id, offset, limit),
    placeholderData: keepPreviousData,
  });
  const refresh = () => void queryClient.invalidateQueries({ queryKey: webhookKeys.all });
  const onError = () => void message.error(t('saveFailed'));
  const toggle = useMutation({
    mutationFn: ({ id, active }: { id: number; active: boolean }) => updateWebhook(id, { active }),
    onSuccess: refresh,
    onError,
  });
  const remove = useMutation({ mutationFn: deleteWebhook, onSuccess: refresh, onError });
  const test = useMutation({
    mutationFn: testWebhook,
    onSuccess: () => void message.success(t('testQueued')),
    onError,
  });

  const columns: TableColumnsType<Webhook> = [
    {
      key: 'url',
      title: t('url'),
      render: (_, hook) => <Typography.Text copyable>{hook.url}</Typography.Text>,
    },
    {
      key: 'events',
      title: t('events'),
      render: (_, hook) => (
        <Space size={4} wrap>
          {hook.events.map((event) => (
            <Tag key={event}>{t(`event.${event}`)}</Tag>
          ))}
        </Space>
      ),
    },
    {
      key: 'secret',
      title: t('secret'),
      render: (_, hook) => (
        <Typography.Text copyable={{ text: hook.secret }} title={t('secretHint')}>
          whsec_••••
        </Typography.Text>
      ),
    },
    {
      key: 'active',
      title: t('active'),
      render: (_, hook) => (
        <Switch
          checked={hook.active}
          aria-label={`${t('active')} — ${hook.url}`}
          onChange={(active) => toggle.mutate({ id: hook.id, active })}
        />
      ),
    },
    {
      key: 'actions',
      title: '',
      render: (_, hook) => (
        <Space wrap>
          <Button icon={<SendOutlined />} onClick={() => test.mutate(hook.id)} data-testid="webhook-test">
            {t('test')}
          </Button>
          <Button
            icon={<UnorderedListOutlined />}
            onClick={() => setLogOf(hook.id)}
            data-testid="webhook-log"
          >
            {t('deliveries')}
          </Button>
          <Popconfirm title={t('deleteConfirm')} onConfirm={() => remove.mutate(hook.id)}>
            <Button danger icon={<DeleteOutlined />} aria-label={t('delete')} />
          </Popconfirm>
        </Space>
      ),
    },
  ];

  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        <Button
          type="primary"
          icon={<PlusOutlined />}
          onClick={() => setAdding(true)}
          data-testid="webhook-add"
        >
          {t('add')}
        </Button>
      </div>
      <PagedTable<Webhook>
        query={webhooks}
        page={page}
        onPageChange={setPage}
        pageSize={limit}
        emptyText={t('empty')}
        rowKey="id"
        columns={columns}
        scroll={{ x: true }}
      />
      <WebhookDialog teamId={team.id} isOpen={isAdding} onClose={() => setAdding(false)} />
      <DeliveriesDrawer webhookId={logOf} onClose={() => setLogOf(null)} />
    </div>
  );
}
