import { formatDeadline, ISSUE_TOKEN_PARAM, type JudgePortalEntry } from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { Loading } from '../../lib/plain/loading';
import { judgePortalQuery } from './portal-api';
import '../../lib/plain/plain.css';
import './answering.css';
import './resources';

/**
 * `/judge`: every selection of a judge, across teams, with its deadline and the judge's progress (issue 32).
 * Opened from any personal link (its token rides along) or signed in. Plain React and CSS, like the
 * answer page it leads to.
 */
export function JudgePortalPage() {
  const { t } = useTranslation('judging');
  const { t: tc } = useTranslation();
  const [params] = useSearchParams();
  const query = useQuery(judgePortalQuery(params.get(ISSUE_TOKEN_PARAM)));
  useDocumentTitle(t('portal.title'));
  if (query.isPending) return <Loading />;
  if (!query.data) {
    return (
      <section className="sl-result" data-testid="portal-error">
        <h1 className="sl-result-title">{t('portal.loadFailed')}</h1>
        <a className="sl-button" href="/">
          {tc('common.backHome')}
        </a>
      </section>
    );
  }
  const { email, selections } = query.data;
  return (
    <div className="sl-answer-page">
      <h1 className="sl-public-title">{t('portal.title')}</h1>
      <p className="sl-portal-email">{t('portal.for', { email })}</p>
      {selections.length === 0 ? (
        <p className="sl-result sl-result-message" data-testid="portal-empty">
          {t('portal.empty')}
        </p>
      ) : (
        <ul className="sl-portal-list" data-testid="portal-list">
          {selections.map((entry) => (
            <PortalEntry key={entry.id} entry={entry} />
          ))}
        </ul>
      )}
    </div>
  );
}

/** The judge's progress in the selection's own words: comparisons, a ballot's places, or items answered. */
function progressText(entry: JudgePortalEntry, t: TFunction<'judging'>) {
  const figures = { answered: entry.answered, count: entry.total };
  if (entry.resourcetype === 'PairwiseIssue') {
    const seen = entry.complete ? t('portal.seenAll') : t('portal.seen', figures);
    return `${t('portal.comparisons', { count: entry.comparisons })} · ${seen}`;
  }
  if (entry.resourcetype === 'RankedIssue')
    return entry.complete ? t('portal.ballotComplete') : t('portal.ballot', figures);
  return t('portal.progress', figures);
}

function PortalEntry({ entry }: { entry: JudgePortalEntry }) {
  const { t, i18n } = useTranslation('judging');
  const titleId = `portal-selection-${entry.id}`;
  const deadline = entry.deadline ? formatDeadline(entry.deadline, i18n.language) : null;
  const state =
    entry.status !== 'open'
      ? t('portal.closed')
      : entry.has_submitted
        ? t('portal.submitted')
        : t('portal.notSubmitted');
  return (
    <li className="sl-portal-entry" aria-labelledby={titleId} data-testid="portal-entry">
      <h2 id={titleId} className="sl-portal-title">
        <a href={entry.link} aria-current={entry.current ? 'page' : undefined}>
          {entry.title}
        </a>
      </h2>
      <p className="sl-portal-meta">
        {entry.team_title}
        {entry.current && <span className="sl-portal-here"> · {t('portal.current')}</span>}
      </p>
      <p className="sl-portal-meta">
        {deadline ? t('portal.deadline', { date: deadline }) : t('portal.noDeadline')}
      </p>
      <p className="sl-portal-progress">
        <progress
          value={entry.complete ? 1 : entry.answered}
          max={entry.complete ? 1 : Math.max(entry.total, 1)}
          aria-hidden="true"
        />
        <span data-testid="portal-progress">{progressText(entry, t)}</span>
        <span className={entry.has_submitted ? 'sl-portal-state sl-portal-done' : 'sl-portal-state'}>
          {state}
        </span>
      </p>
    </li>
  );
}
