import type { DashboardData } from '@shortlist/contract';
import { Card, Col, List, Row, Skeleton, Tag, Typography } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../app/i18n/format';
import { useDashboardData } from './use-dashboard';

interface ActivityCardProps<T> {
  title: string;
  empty: string;
  rows: T[] | undefined;
  loading: boolean;
  render: (row: T) => ReactNode;
  testId: string;
}

function ActivityCard<T>({ title, empty, rows, loading, render, testId }: ActivityCardProps<T>) {
  return (
    <Card title={title} className="sl-card-gap" data-testid={testId}>
      {loading ? (
        <Skeleton active paragraph={{ rows: 3 }} />
      ) : (
        <List dataSource={rows ?? []} locale={{ emptyText: empty }} renderItem={(row) => render(row)} />
      )}
    </Card>
  );
}

/** The dashboard's three lists: what changed, who submitted a form, which judge answered. */
export function DashboardActivity({ teamId }: { teamId: number }) {
  const { t, i18n } = useTranslation('dashboard');
  const { data, isPending, isError } = useDashboardData(teamId);
  const base = `/team/${teamId}`;
  const when = (iso: string) => formatDateTime(iso, i18n.language);
  if (isError) return <Typography.Text type="warning">{t('loadError')}</Typography.Text>;

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={8}>
        <ActivityCard<DashboardData['recently_updated'][number]>
          title={t('recentTitle')}
          empty={t('recentEmpty')}
          rows={data?.recently_updated}
          loading={isPending}
          testId="dashboard-recent"
          render={(row) => (
            <List.Item>
              <List.Item.Meta
                title={<Link to={`${base}/${row.object_route}`}>{row.object_name}</Link>}
                description={when(row.object_update)}
              />
              <Tag>{t(`objectTypes.${row.object_type}`)}</Tag>
            </List.Item>
          )}
        />
      </Col>
      <Col xs={24} lg={8}>
        <ActivityCard<DashboardData['latest_form_submissions'][number]>
          title={t('formSubmissionsTitle')}
          empty={t('formSubmissionsEmpty')}
          rows={data?.latest_form_submissions}
          loading={isPending}
          testId="dashboard-form-submissions"
          render={(row) => (
            <List.Item>
              <List.Item.Meta
                title={
                  <Link to={`${base}/intake-forms/${row.form_id}?tab=responses`}>{row.submission_title}</Link>
                }
                description={`${t('inForm', { form: row.form_title })} · ${when(row.date)}`}
              />
            </List.Item>
          )}
        />
      </Col>
      <Col xs={24} lg={8}>
        <ActivityCard<DashboardData['latest_issue_submissions'][number]>
          title={t('reviewsTitle')}
          empty={t('reviewsEmpty')}
          rows={data?.latest_issue_submissions}
          loading={isPending}
          testId="dashboard-reviews"
          render={(row) => (
            <List.Item>
              <List.Item.Meta
                title={<Link to={`${base}/issue/${row.issue_id}/manage?tab=report`}>{row.issue_title}</Link>}
                description={
                  <>
                    {`${t('bySubmitter', { submitter: row.submitter })} · ${when(row.date)}`}
                    {row.comments.map((comment) => (
                      <Typography.Paragraph
                        key={comment}
                        ellipsis={{ rows: 2 }}
                        className="sl-comment-preview"
                      >
                        “{comment}”
                      </Typography.Paragraph>
                    ))}
                  </>
                }
              />
            </List.Item>
          )}
        />
      </Col>
    </Row>
  );
}
