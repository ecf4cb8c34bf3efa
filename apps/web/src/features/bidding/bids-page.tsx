import { formatDeadline, ISSUE_TOKEN_PARAM } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import { useParams, useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { Loading } from '../../lib/plain/loading';
import { judgePagePath } from '../judging/portal-api';
import { TeamHeader } from '../judging/team-header';
import { useAnswerView } from '../judging/use-answer-view';
import { BidList } from './bid-list';
import { ExpertiseSection } from './expertise-section';
import { useBiddingState } from './use-bidding';
import '../../lib/plain/plain.css';
import '../judging/answering.css';
import './bidding.css';
import './resources';

/**
 * `/selection/:id/bids?token=…`: reached from the personal link's answer page, where the judge states
 * their expertise and bids on the selection's items before the organisers assign them (issue 54). Its
 * loader is the answer page's (the same token signs out whoever was signed in, the same view asked for
 * early): the page heads with the selection as the answer page does. Plain React and CSS, as that page.
 */
export function BidsPage() {
  const { t, i18n } = useTranslation('bidding');
  const { t: tc } = useTranslation();
  const issueId = Number(useParams().id) || 0;
  const token = useSearchParams()[0].get(ISSUE_TOKEN_PARAM);
  const view = useAnswerView(issueId, token);
  const bidding = useBiddingState(issueId, token);
  useDocumentTitle(view.data ? `${t('title')} — ${view.data.issue.title}` : t('title'));

  if (view.isPending || bidding.isPending) return <Loading />;
  if (!view.data || !bidding.data) {
    return (
      <section className="sl-result" data-testid="bidding-error">
        <h1 className="sl-result-title">{t('loadFailed')}</h1>
        <a className="sl-button" href="/">
          {tc('common.backHome')}
        </a>
      </section>
    );
  }
  const { issue } = view.data;
  const { deadline, open } = bidding.data;
  return (
    <div className="sl-answer-page">
      <TeamHeader image={issue.team_img} header={issue.team_custom_header} />
      <p className="sl-portal-nav">
        <a href={judgePagePath(issueId, 'answer', token)} data-testid="bidding-back">
          {t('backToAnswers')}
        </a>
      </p>
      <h1 className="sl-public-title">{issue.title}</h1>
      <p className="sl-bidding-lead">
        <strong>{t('title')}</strong> — {t('intro')}
      </p>
      <p
        className={`sl-notice ${open ? 'sl-notice-info' : 'sl-notice-warning'}`}
        data-testid="bidding-deadline"
      >
        {!open
          ? t('closed')
          : deadline
            ? t('deadline', { date: formatDeadline(new Date(deadline), i18n.language) })
            : t('noDeadline')}
      </p>
      <ExpertiseSection issueId={issueId} token={token} />
      <BidList issueId={issueId} token={token} isOpen={open} />
    </div>
  );
}
