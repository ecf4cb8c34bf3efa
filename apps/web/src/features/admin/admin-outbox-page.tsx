import { ReloadOutlined } from '@ant-design/icons';
import { DEFAULT_PAGE_SIZE, type OutboxMessage } from '@shortlist/contract';
import { Button, Empty, Flex, Pagination, Spin, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FullPageOverlay } from '../../lib/layout/full-page-overlay';
import { LoadError } from '../../lib/layout/load-error';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { parsePage } from '../../lib/paging';
import { EmailFrame } from '../emails/email-frame';
import { OutboxMessageCard } from './outbox-message-card';
import { useOutbox } from './use-outbox';

/** `/admin/outbox` (superusers): the e-mails kept when no SMTP server is configured, links clickable. */
export function AdminOutboxPage() {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const page = parsePage(params.get('page'));
  const outbox = useOutbox(page);
  const [viewed, setViewed] = useState<OutboxMessage | null>(null);
  useDocumentTitle(t('admin.outboxTitle'));

  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('admin.outboxTitle')}</Typography.Title>
          <Typography.Text type="secondary">{t('admin.outboxIntro')}</Typography.Text>
        </div>
        <Button icon={<ReloadOutlined />} onClick={() => void outbox.refetch()} loading={outbox.isFetching}>
          {t('admin.reload')}
        </Button>
      </div>
      {outbox.isError ? (
        <LoadError onRetry={() => void outbox.refetch()} />
      ) : (
        <Spin spinning={outbox.isPending}>
          <Flex vertical gap="middle" className="sl-outbox-list">
            {outbox.data?.results.map((message) => (
              <OutboxMessageCard key={message.id} message={message} onViewHtml={setViewed} />
            ))}
            {outbox.data?.count === 0 && <Empty description={t('admin.outboxEmpty')} />}
            <Pagination
              align="center"
              current={page}
              pageSize={DEFAULT_PAGE_SIZE}
              total={outbox.data?.count ?? 0}
              showSizeChanger={false}
              hideOnSinglePage
              onChange={(next) => setParams(next > 1 ? { page: String(next) } : {})}
            />
          </Flex>
        </Spin>
      )}
      <FullPageOverlay isOpen={viewed !== null} onClose={() => setViewed(null)} title={viewed?.subject ?? ''}>
        {viewed?.html && (
          <EmailFrame html={viewed.html} title={viewed.subject} className="sl-overlay-frame" />
        )}
      </FullPageOverlay>
    </div>
  );
}
