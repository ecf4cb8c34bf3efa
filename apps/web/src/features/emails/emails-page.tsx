import { Alert, Tabs, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyPanel } from '../../lib/lazy-panel';
import { useCurrentTeam } from '../teams/team-context';
import { BatchesTab } from './batches-tab';
import './resources';

// Loaded when its tab is first shown (lib/lazy-panel.tsx).
const TemplatesTab = lazyPanel(() => import('./templates-tab').then((m) => m.TemplatesTab));

/** `/team/:teamId/emails` (spec: emails-manage): the mailings (with the package) and the templates. */
export function EmailsPage() {
  const { t } = useTranslation('emails');
  const team = useCurrentTeam();
  const [params, setParams] = useSearchParams();
  const hasPackage = team.package.mass_emails;
  const tab = params.get('tab') === 'templates' || !hasPackage ? 'templates' : 'batches';
  useDocumentTitle(t('title'));
  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
      </div>
      {!hasPackage && <Alert type="info" showIcon message={t('noPackage')} style={{ marginBottom: 16 }} />}
      <Tabs
        activeKey={tab}
        onChange={(key) => setParams(key === 'batches' ? {} : { tab: key })}
        items={[
          ...(hasPackage
            ? [{ key: 'batches', label: t('tabs.batches'), children: <BatchesTab teamId={team.id} /> }]
            : []),
          { key: 'templates', label: t('tabs.templates'), children: <TemplatesTab teamId={team.id} /> },
        ]}
      />
    </div>
  );
}
