import { Col, Row, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyDialog } from '../../lib/lazy-dialog';
import { lazyPanel } from '../../lib/lazy-panel';
import { useCreateQuery } from '../../lib/use-create-query';
import { useCurrentTeam } from '../teams/team-context';
import { issueManagePath } from './issue-paths';
import { IssuesList } from './issues-list';
import { IssuesSidePanel } from './issues-side-panel';
import './resources';

// Loaded when its tab is first shown (lib/lazy-panel.tsx).
const MergesTab = lazyPanel(() => import('../merges/merges-tab').then((m) => m.MergesTab));

// Loaded the first time it opens (lib/lazy-dialog.tsx).
const IssueDialog = lazyDialog(
  () => import('./issue-dialog').then((m) => m.IssueDialog),
  (props) => props.isOpen,
);

const MERGES_TAB = 'merges';

/** `/team/:teamId/issues`: the selections and the selection merges, with the left panel. */
export function IssuesPage() {
  const { t } = useTranslation('selections');
  const team = useCurrentTeam();
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const creation = useCreateQuery();
  const tab = params.get('tab') === MERGES_TAB ? MERGES_TAB : 'issues';
  useDocumentTitle(t('title'));

  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
      </div>
      <Row gutter={[24, 16]}>
        <Col xs={24} md={7} lg={6}>
          <IssuesSidePanel onCreate={creation.open} />
        </Col>
        <Col xs={24} md={17} lg={18}>
          <Tabs
            activeKey={tab}
            onChange={(key) => setParams(key === MERGES_TAB ? { tab: MERGES_TAB } : {})}
            items={[
              { key: 'issues', label: t('tabs.issues'), children: tab === 'issues' && <IssuesList /> },
              { key: MERGES_TAB, label: t('tabs.merges'), children: tab === MERGES_TAB && <MergesTab /> },
            ]}
          />
        </Col>
      </Row>
      <IssueDialog
        isOpen={creation.isCreating}
        onClose={creation.close}
        onSaved={(issue) => navigate(issueManagePath(team.id, issue.id))}
      />
    </div>
  );
}
