import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { ButtonLink } from '../../app/layout/button-link';
import { PageSpin } from '../../app/layout/page-spin';
import { useDocumentTitle } from '../../app/layout/use-document-title';
import { AnswerForm } from './answer-form';
import { DeadlineNotice } from './deadline-notice';
import { TeamHeader } from './team-header';
import { useAnswerView } from './use-answer-view';
import './answering.css';

/**
 * The answer page of one selection: for a judge (by token, or signed in) or, for a team admin, a preview.
 * Closed, empty and failing selections show their message instead of the items.
 */
export function AnswerContent({
  issueId,
  token,
  verification = null,
}: {
  issueId: number;
  token: string | null;
  verification?: string | null;
}) {
  const { t } = useTranslation('answering');
  const { t: tc } = useTranslation();
  const query = useAnswerView(issueId, token, verification);
  const view = query.data;
  useDocumentTitle(view?.issue.title);

  if (query.isPending) return <PageSpin />;
  if (!view) {
    return (
      <Result
        status="error"
        title={t('loadFailed')}
        extra={<ButtonLink to="/">{tc('common.backHome')}</ButtonLink>}
        data-testid="answer-error"
      />
    );
  }
  const { issue } = view;
  const state = issue.status !== 'open' ? t('closed') : view.items.length === 0 ? t('empty') : null;
  // The split view of answers and controls needs the width; a page of titles alone reads better narrow.
  const hasDetails = view.items.some((item) => item.details.length > 0);
  return (
    <div className={hasDetails ? 'sl-answer-page sl-answer-page-wide' : 'sl-answer-page'}>
      <TeamHeader image={issue.team_img} header={issue.team_custom_header} />
      <Typography.Title level={2}>{issue.title}</Typography.Title>
      {issue.description && (
        <Typography.Paragraph className="sl-pre-line">{issue.description}</Typography.Paragraph>
      )}
      <DeadlineNotice issue={issue} />
      {state ? (
        <Result status="info" title={state} data-testid="answer-state" />
      ) : (
        <AnswerForm view={view} token={token} />
      )}
    </div>
  );
}
