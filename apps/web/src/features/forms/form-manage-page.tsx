import { ArrowLeftOutlined } from '@ant-design/icons';
import { Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { PageSpin } from '../../lib/layout/page-spin';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyPanel } from '../../lib/lazy-panel';
import { parseTeamId as parseRouteId, useCurrentTeam } from '../teams/team-context';
import { EditFormTab } from './edit-form-tab';
import { useForm } from './use-form';
import './resources';
import { StatusResult } from '../../lib/layout/status-result';

// Loaded when its tab is first shown (lib/lazy-panel.tsx).
const ShareTab = lazyPanel(() => import('./share-tab').then((m) => m.ShareTab));
const FormView = lazyPanel(() => import('../submissions/form-view').then((m) => m.FormView));
const NotificationsTab = lazyPanel(() => import('./notifications-tab').then((m) => m.NotificationsTab));
const ResponsesTab = lazyPanel(() => import('./responses-tab').then((m) => m.ResponsesTab));

const TABS = ['editForm', 'share', 'preview', 'notifications', 'responses'] as const;
type Tab = (typeof TABS)[number];

/** `/team/:teamId/intake-forms/:id`: one form's editor, link, preview, notifications and responses (tab in `?tab=`). */
export function FormManagePage() {
  const { t } = useTranslation('forms');
  const team = useCurrentTeam();
  const id = parseRouteId(useParams().id);
  const [params, setParams] = useSearchParams();
  const tab: Tab = TABS.find((key) => key === params.get('tab')) ?? 'editForm';
  const form = useForm(team.id, id ?? 0);
  useDocumentTitle(form.data?.title || t('title'));
  const listPath = `/team/${team.id}/forms`;

  if (id !== null && form.isPending) return <PageSpin />;
  if (id === null || form.isError) {
    return (
      <StatusResult
        status="warning"
        title={t('manage.loadFailed')}
        extra={<Link to={listPath}>{t('manage.backToForms')}</Link>}
        data-testid="form-load-error"
      />
    );
  }
  const data = form.data;
  if (!data) return <PageSpin />;

  const tabs: Record<Tab, React.ReactNode> = {
    editForm: <EditFormTab form={data} />,
    share: <ShareTab form={data} />,
    preview: <FormView formId={data.id} preview />,
    notifications: <NotificationsTab form={data} />,
    responses: <ResponsesTab form={data} />,
  };

  return (
    <div className="sl-page">
      <Link to={listPath}>
        <ArrowLeftOutlined /> {t('manage.backToForms')}
      </Link>
      <Typography.Title level={2}>{data.title || t('untitled')}</Typography.Title>
      <Tabs
        // Another form's page starts from its own values.
        key={data.id}
        activeKey={tab}
        destroyOnHidden
        onChange={(key) => setParams(key === 'editForm' ? {} : { tab: key }, { replace: true })}
        items={TABS.map((key) => ({
          key,
          label: <span data-testid={`form-tab-${key}`}>{t(`manage.tabs.${key}`)}</span>,
          children: tabs[key],
        }))}
      />
    </div>
  );
}
