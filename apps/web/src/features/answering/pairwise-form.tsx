import type { AnswerView, PairwiseChoice, PairwiseItem } from '@shortlist/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../app/plain/loading';
import { SubmittedResult } from './submitted-result';
import { useSubmitAnswers } from './use-answer-view';
import { usePairwiseState, usePairwiseVote } from './use-pairwise';
import '../../app/i18n/answering-resources';

/** Keys of the pair (docs/judging.md): ← the left item, → the right one, S skips the right one. */
const KEYS: Record<string, PairwiseChoice> = {
  ArrowLeft: 'previous',
  ArrowRight: 'next',
  s: 'skip',
  S: 'skip',
};

function PairCard({ item, label }: { item: PairwiseItem; label: string }) {
  return (
    <article className="sl-answer-item sl-pair-item" data-testid="pair-item">
      <div className="sl-answer-item-head">
        <h2 className="sl-answer-item-title">
          <span className="sl-pair-label">{label}</span> {item.title}
        </h2>
      </div>
      {item.description && <p className="sl-pair-description sl-pre-line">{item.description}</p>}
    </article>
  );
}

/**
 * A pairwise selection's page: the item the judge just saw (A) beside the one the server chose (B); they
 * say which is better or skip B, with the buttons or the keys. "Finish" submits: the judge is done.
 */
export function PairwiseForm({ view, token }: { view: AnswerView; token: string | null }) {
  const { t } = useTranslation('answering');
  const issueId = view.issue.id;
  const query = usePairwiseState(issueId, token);
  const vote = usePairwiseVote(issueId, token);
  const submit = useSubmitAnswers(issueId, token);
  const [isDone, setIsDone] = useState(false);
  const state = query.data;
  const next = state?.next ?? null;
  const canVote = !view.preview && next !== null && !vote.isPending;

  const choose = (choice: PairwiseChoice) => {
    if (!canVote || !next) return;
    // Without an item A, the first item is only read: either button moves on.
    vote.mutate({ next: next.id, choice });
  };

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const choice = KEYS[event.key];
      const target = event.target as HTMLElement | null;
      if (!choice || event.altKey || event.ctrlKey || event.metaKey) return;
      if (target?.closest('input, textarea, select')) return;
      event.preventDefault();
      choose(choice);
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  });

  if (isDone) return <SubmittedResult canEdit={!view.issue.public} onEdit={() => setIsDone(false)} />;
  if (query.isPending) return <Loading />;
  if (!state) return <p className="sl-result sl-result-message">{t('loadFailed')}</p>;

  const finish = () => submit.mutate({}, { onSuccess: () => setIsDone(true) });
  return (
    <section className="sl-answer-panel sl-pairwise" data-testid="pairwise">
      {view.preview && <p className="sl-notice sl-notice-info">{t('previewNotice')}</p>}
      {view.has_submitted && !view.preview && (
        <p className="sl-notice sl-notice-info">{t('pairwise.submittedNotice')}</p>
      )}
      <p className="sl-pair-progress" data-testid="pair-progress" aria-live="polite">
        {t('pairwise.progress', { count: state.seen, total: state.items })} ·{' '}
        {t('pairwise.votes', { count: state.votes })}
      </p>
      {next === null ? (
        <p className="sl-result-message" data-testid="pair-none">
          {state.done ? t('pairwise.done') : t('pairwise.busy')}
        </p>
      ) : state.previous === null ? (
        <>
          <p>{t('pairwise.first')}</p>
          <PairCard item={next} label="A" />
          <div className="sl-pair-actions">
            <button
              type="button"
              className="sl-button sl-button-primary"
              disabled={!canVote}
              onClick={() => choose('next')}
              data-testid="pair-continue"
            >
              {t('pairwise.continue')}
            </button>
          </div>
        </>
      ) : (
        <>
          <p>{t('pairwise.question')}</p>
          <div className="sl-pair">
            <PairCard item={state.previous} label="A" />
            <PairCard item={next} label="B" />
          </div>
          <div className="sl-pair-actions">
            <button
              type="button"
              className="sl-button sl-button-primary"
              disabled={!canVote}
              onClick={() => choose('previous')}
              data-testid="pair-previous"
            >
              {t('pairwise.aBetter')}{' '}
              <span className="sl-pair-key" aria-hidden="true">
                ←
              </span>
            </button>
            <button
              type="button"
              className="sl-button sl-button-primary"
              disabled={!canVote}
              onClick={() => choose('next')}
              data-testid="pair-next"
            >
              {t('pairwise.bBetter')}{' '}
              <span className="sl-pair-key" aria-hidden="true">
                →
              </span>
            </button>
            <button
              type="button"
              className="sl-button"
              disabled={!canVote}
              onClick={() => choose('skip')}
              data-testid="pair-skip"
            >
              {t('pairwise.skip')}{' '}
              <span className="sl-pair-key" aria-hidden="true">
                S
              </span>
            </button>
          </div>
          <p className="sl-pair-keys">{t('pairwise.keys')}</p>
        </>
      )}
      {vote.isError && (
        <p className="sl-notice sl-notice-warning" role="alert">
          {t('pairwise.voteFailed')}
        </p>
      )}
      {!view.preview && (
        <div className="sl-pair-finish">
          <button
            type="button"
            className="sl-button"
            onClick={finish}
            disabled={submit.isPending}
            data-testid="pair-finish"
          >
            {t('pairwise.finish')}
          </button>
          <span className="sl-pair-keys">{t('pairwise.finishHelp')}</span>
        </div>
      )}
    </section>
  );
}
