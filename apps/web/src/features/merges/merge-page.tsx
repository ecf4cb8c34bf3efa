import { ArrowLeftOutlined } from '@ant-design/icons';
import { Button, Spin, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyPanel } from '../../lib/lazy-panel';
import { useCurrentTeam } from '../teams/team-context';
import { MergeManageTab } from './merge-manage-tab';
import { useMerge } from './use-merges';
import './resources';
import { StatusResult } from '../../lib/layout/status-result';

// Loaded when its tab is first shown (lib/lazy-panel.tsx).
const MergeResultsTab = lazyPanel(() => import('./merge-results-tab').then((m) => m.MergeResultsTab));

const TABS = ['manage', 'results'] as const;
type TabKey = (typeof TABS)[number];

/** `/team/:teamId/issues-merge/:id?tab=manage|results`: one merge, its settings and its merged ranking. */
export function MergePage() {
  const { t } = useTranslation('merges');
  const { t: tc } = useTranslation();
  const team = useCurrentTeam();
  const id = Number(useParams().id);
  const [params, setParams] = useSearchParams();
  const wanted = params.get('tab');
  const tab: TabKey = TABS.includes(wanted as TabKey) ? (wanted as TabKey) : 'manage';
  const merge = useMerge(id);
  useDocumentTitle(merge.data?.title ?? t('page.tabs.manage'));

  if (merge.isError) {
    return (
      <StatusResult
        status="warning"
        title={t('page.loadFailed')}
        extra={
          <Link to={`/team/${team.id}`}>
            <Button type="primary">{tc('common.backHome')}</Button>
          </Link>
        }
      />
    );
  }
  if (!merge.data) return <Spin description={tc('common.loading')} />;

  return (
    <div className="sl-page">
      <Link to={`/team/${team.id}/issues?tab=merges`}>
        <ArrowLeftOutlined /> {t('page.backToList')}
      </Link>
      <Typography.Title level={2}>{merge.data.title}</Typography.Title>
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams({ tab: key }, { replace: true })}
        items={[
          { key: 'manage', label: t('page.tabs.manage'), children: <MergeManageTab merge={merge.data} /> },
          {
            key: 'results',
            label: t('page.tabs.results'),
            children: <MergeResultsTab merge={merge.data} isActive={tab === 'results'} />,
          },
        ]}
        data-testid="merge-tabs"
      />
    </div>
  );
}
