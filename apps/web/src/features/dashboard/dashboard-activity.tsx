import type { DashboardData } from '@shortlist/contract';
import { Col, Row, Skeleton, Tag, Typography } from 'antd';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { formatDateTime } from '../../lib/i18n/format';
import { PlainCard } from '../../lib/layout/plain-card';
import { useDashboardData } from './use-dashboard';
import './resources';
import { issueManagePath } from '../selections/issue-paths';

interface ActivityCardProps<T> {
  title: string;
  empty: string;
  rows: T[] | undefined;
  loading: boolean;
  render: (row: T) => ReactNode;
  testId: string;
}

function ActivityCard<T>({ title, empty, rows, loading, render, testId }: ActivityCardProps<T>) {
  let body: ReactNode;
  if (loading) body = <Skeleton active paragraph={{ rows: 3 }} />;
  else if (!rows?.length) body = <p className="sl-plain-list-empty">{empty}</p>;
  else {
    body = (
      <ul className="sl-plain-list">
        {rows.map((row, index) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: short lists redrawn whole; a row has no id of its own
          <Fragment key={index}>{render(row)}</Fragment>
        ))}
      </ul>
    );
  }
  return (
    <PlainCard title={title} className="sl-card-gap" data-testid={testId}>
      {body}
    </PlainCard>
  );
}

/** One entry of a card's list: its title (a link), a line under it, and what goes on its right. */
function Entry({
  title,
  description,
  extra,
}: {
  title: ReactNode;
  description: ReactNode;
  extra?: ReactNode;
}) {
  return (
    <li>
      <div>
        <div className="sl-plain-list-title">{title}</div>
        <div className="sl-plain-list-description">{description}</div>
      </div>
      {extra}
    </li>
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
            <Entry
              title={<Link to={`${base}/${row.object_route}`}>{row.object_name}</Link>}
              description={when(row.object_update)}
              extra={<Tag>{t(`objectTypes.${row.object_type}`)}</Tag>}
            />
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
            <Entry
              title={
                <Link to={`${base}/intake-forms/${row.form_id}?tab=responses`}>{row.submission_title}</Link>
              }
              description={`${t('inForm', { form: row.form_title })} · ${when(row.date)}`}
            />
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
            <Entry
              title={
                <Link to={`${issueManagePath(teamId, row.issue_id)}?tab=report`}>{row.issue_title}</Link>
              }
              description={
                <>
                  {`${t('bySubmitter', { submitter: row.submitter })} · ${when(row.date)}`}
                  {row.comments.map((comment) => (
                    <Typography.Paragraph key={comment} ellipsis={{ rows: 2 }} className="sl-comment-preview">
                      “{comment}”
                    </Typography.Paragraph>
                  ))}
                </>
              }
            />
          )}
        />
      </Col>
    </Row>
  );
}
