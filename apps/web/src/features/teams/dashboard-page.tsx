import { FormOutlined, PlusOutlined, TagsOutlined, TeamOutlined } from '@ant-design/icons';
import { Col, Flex, Row, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { useCurrentUser } from '../../lib/auth/use-current-user';
import { ButtonLink } from '../../lib/layout/button-link';
import { PlainCard } from '../../lib/layout/plain-card';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { DashboardActivity } from '../dashboard/dashboard-activity';
import { PackageSummary } from './package-summary';
import { useCurrentTeam } from './team-context';
import '../dashboard/resources';
import '../reviews/resources';

/** `/team/:teamId`: greets the admin and presents the workspace. */
export function DashboardPage() {
  const { t } = useTranslation();
  const team = useCurrentTeam();
  const { data: me } = useCurrentUser();
  useDocumentTitle(team.title);

  return (
    <div className="sl-page">
      <Typography.Title level={2}>
        {t('dashboard.greeting', { username: me?.username ?? '' })}
      </Typography.Title>
      <Typography.Paragraph type="secondary">{t('dashboard.intro')}</Typography.Paragraph>
      <Flex gap="small" wrap className="sl-card-gap">
        <ButtonLink type="primary" icon={<PlusOutlined />} to={`/team/${team.id}/issues?create=1`}>
          {t('createSelection', { ns: 'dashboard' })}
        </ButtonLink>
        <ButtonLink icon={<FormOutlined />} to={`/team/${team.id}/forms?create=1`}>
          {t('createForm', { ns: 'dashboard' })}
        </ButtonLink>
      </Flex>
      <DashboardActivity teamId={team.id} />
      <Row gutter={[16, 16]}>
        <Col xs={24} lg={14}>
          <PlainCard
            title={team.title}
            cover={
              team.team_image ? <img className="sl-team-image" src={team.team_image} alt="" /> : undefined
            }
          >
            <Typography.Paragraph className="sl-pre-line" type={team.description ? undefined : 'secondary'}>
              {team.description || t('dashboard.noDescription')}
            </Typography.Paragraph>
          </PlainCard>
        </Col>
        <Col xs={24} lg={10}>
          <PlainCard title={t('dashboard.membersTitle')} className="sl-card-gap">
            <Typography.Paragraph>{t('dashboard.membersText')}</Typography.Paragraph>
            <ButtonLink icon={<TeamOutlined />} to={`/team/${team.id}/members`}>
              {t('dashboard.membersLink')}
            </ButtonLink>
            <ButtonLink icon={<TagsOutlined />} to={`/team/${team.id}/issues/review-statuses`}>
              {t('title', { ns: 'reviews' })}
            </ButtonLink>
          </PlainCard>
          <PlainCard title={t('dashboard.packageTitle')}>
            <PackageSummary pkg={team.package} />
          </PlainCard>
        </Col>
      </Row>
    </div>
  );
}
