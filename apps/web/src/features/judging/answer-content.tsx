import { useTranslation } from 'react-i18next';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { Loading } from '../../lib/plain/loading';
import { AnswerForm } from './answer-form';
import { DeadlineNotice } from './deadline-notice';
import { PairwiseForm } from './pairwise-form';
import { judgePagePath, portalPath } from './portal-api';
import { TeamHeader } from './team-header';
import { useAnswerView } from './use-answer-view';
import '../../lib/plain/plain.css';
import './answering.css';
import './resources';

/**
 * The answer page of one selection: for a judge (by token, or signed in) or, for a team admin, a preview.
 * Closed, empty and failing selections show their message instead of the items. Plain React and CSS
 * (answering.css): a judge's phone downloads no Ant Design (decision 53).
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
  const { t } = useTranslation('judging');
  const { t: tc } = useTranslation();
  const query = useAnswerView(issueId, token, verification);
  const view = query.data;
  useDocumentTitle(view?.issue.title);

  if (query.isPending) return <Loading />;
  if (!view) {
    return (
      <section className="sl-result" data-testid="answer-error">
        <h1 className="sl-result-title">{t('loadFailed')}</h1>
        <a className="sl-button" href="/">
          {tc('common.backHome')}
        </a>
      </section>
    );
  }
  const { issue } = view;
  const state = issue.status !== 'open' ? t('closed') : view.items.length === 0 ? t('empty') : null;
  // The split view of answers and controls needs the width; a page of titles alone reads better narrow.
  const hasDetails = view.items.some((item) => item.details.length > 0);
  return (
    <div className={hasDetails ? 'sl-answer-page sl-answer-page-wide' : 'sl-answer-page'}>
      <TeamHeader image={issue.team_img} header={issue.team_custom_header} />
      {!view.preview && (
        <p className="sl-portal-nav">
          <a href={portalPath(token)} data-testid="portal-link">
            {t('portalLink')}
          </a>
          <a href={judgePagePath(issueId, 'bids', token)} data-testid="bidding-link">
            {t('biddingLink')}
          </a>
        </p>
      )}
      <h1 className="sl-public-title">{issue.title}</h1>
      {issue.description && <p className="sl-pre-line">{issue.description}</p>}
      <DeadlineNotice issue={issue} />
      {state ? (
        <p className="sl-result sl-result-message" data-testid="answer-state">
          {state}
        </p>
      ) : issue.resourcetype === 'PairwiseIssue' ? (
        <PairwiseForm view={view} token={token} />
      ) : (
        <AnswerForm view={view} token={token} />
      )}
    </div>
  );
}
