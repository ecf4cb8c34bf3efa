import { ArrowLeftOutlined, EditOutlined } from '@ant-design/icons';
import { Button, Flex, Skeleton, Tabs, Tag, Typography } from 'antd';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyDialog } from '../../lib/lazy-dialog';
import { lazyPanel } from '../../lib/lazy-panel';
import { parseTeamId as parseRouteId, useCurrentTeam } from '../teams/team-context';
import { useIssue } from './use-issue';
import './resources';
import { StatusResult } from '../../lib/layout/status-result';

// Loaded when its tab is first shown (lib/lazy-panel.tsx).
const IssueItemsTab = lazyPanel(() => import('./issue-items-tab').then((m) => m.IssueItemsTab));
const AccessTab = lazyPanel(() => import('../judges/access-tab').then((m) => m.AccessTab));
const ReportTab = lazyPanel(() => import('../reports/report-tab').then((m) => m.ReportTab));
const AnswerPreview = lazyPanel(() => import('../judging/answer-preview').then((m) => m.AnswerPreview));
// The general tab too: a visit of another tab does without it (a report's first visit: 15 KiB less).
const GeneralTab = lazyPanel(() => import('./general-tab').then((m) => m.GeneralTab));
const AdminNotifications = lazyPanel(
  () => import('../forms/admin-notifications').then((m) => m.AdminNotifications),
  null,
);
// Only a closed selection shows it: Ant Design's Alert is 2.4 KiB that an open one's pages do without.
const ClosedBanner = lazyPanel(() => import('./closed-banner').then((m) => m.ClosedBanner), null);
const LAZY_TABS = {
  general: [GeneralTab, AdminNotifications],
  items: [IssueItemsTab],
  access: [AccessTab],
  report: [ReportTab],
  preview: [AnswerPreview],
};

/** Starts the download of a tab's modules, by the `tab` of the page's address (the route's loader). */
export function preloadTab(tab: string | null) {
  const key = tab && tab in LAZY_TABS ? (tab as keyof typeof LAZY_TABS) : 'general';
  for (const panel of LAZY_TABS[key]) panel.preload();
}

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const IssueDialog = lazyDialog(
  () => import('./issue-dialog').then((m) => m.IssueDialog),
  (props) => props.isOpen,
);

const TABS = ['general', 'items', 'access', 'report', 'preview'] as const;
type TabKey = (typeof TABS)[number];

/** `/team/:teamId/issue/:id/manage`: one selection, its tab kept in the `tab` query parameter. */
export function IssueManagePage() {
  const { t } = useTranslation('selections');
  const team = useCurrentTeam();
  const id = parseRouteId(useParams().id);
  const issue = useIssue(id);
  const [params, setParams] = useSearchParams();
  const [isEditing, setEditing] = useState(false);
  const tab: TabKey = TABS.find((key) => key === params.get('tab')) ?? 'general';
  useDocumentTitle(issue.data?.title ?? t('title'));
  // The tab's module downloads along with the selection it shows, not after it.
  useEffect(() => preloadTab(tab), [tab]);

  if (id === null || issue.isError) {
    return (
      <StatusResult
        status="warning"
        title={t('manage.loadFailed')}
        extra={<Link to={`/team/${team.id}`}>{t('common.backHome', { ns: 'translation' })}</Link>}
        data-testid="issue-load-error"
      />
    );
  }
  if (!issue.data) return <Skeleton active className="sl-page" />;
  const data = issue.data;

  const panes: Record<TabKey, React.ReactNode> = {
    general: (
      <Flex vertical gap={24}>
        <GeneralTab issue={data} />
        <AdminNotifications subject={{ issue: data.id }} />
      </Flex>
    ),
    items: <IssueItemsTab teamId={team.id} issueId={data.id} />,
    access: <AccessTab issueId={data.id} />,
    report: <ReportTab issueId={data.id} />,
    preview: <AnswerPreview issueId={data.id} />,
  };

  return (
    <div className="sl-page">
      <Link to={`/team/${team.id}/issues`}>
        <ArrowLeftOutlined /> {t('manage.backToList')}
      </Link>
      <div className="sl-page-header">
        <Flex gap={8} align="center" wrap>
          <Typography.Title level={2} style={{ margin: 0 }} data-testid="issue-title-heading">
            {data.title}
          </Typography.Title>
          <Tag color="blue">{t(`types.${data.resourcetype}`)}</Tag>
          {data.public && <Tag color="green">{t('badges.public')}</Tag>}
        </Flex>
        <Button icon={<EditOutlined />} onClick={() => setEditing(true)} data-testid="edit-issue">
          {t('edit')}
        </Button>
      </div>
      {data.status === 'closed' && <ClosedBanner />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'general' ? {} : { tab: key })}
        destroyOnHidden
        items={TABS.map((key) => ({
          key,
          label: t(`manage.tabs.${key}`),
          children: key === tab && panes[key],
        }))}
      />
      <IssueDialog isOpen={isEditing} issue={data} onClose={() => setEditing(false)} />
    </div>
  );
}
