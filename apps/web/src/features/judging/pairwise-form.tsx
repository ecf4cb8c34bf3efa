import type { AnswerView, AnswerViewItem, PairwiseChoice, PairwiseItem } from '@shortlist/contract';
import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Loading } from '../../lib/plain/loading';
import { ItemAnswers, ItemHead, itemTitleId } from './item-details';
import { SubmittedResult } from './submitted-result';
import { useSubmitAnswers } from './use-answer-view';
import { useChoiceFocus } from './use-choice-focus';
import { usePairwiseState, usePairwiseVote } from './use-pairwise';
import './resources';

/** Keys of the pair (docs/judging.md): ← the left item, → the right one, S skips the right one. */
const KEYS: Record<string, PairwiseChoice> = {
  ArrowLeft: 'previous',
  ArrowRight: 'next',
  s: 'skip',
  S: 'skip',
};

/** One item of the pair, as the rating page shows it (`item-details.tsx`): title, tags, description, answers. */
function PairCard({ item, label }: { item: AnswerViewItem; label: string }) {
  return (
    <article
      className="sl-answer-item sl-pair-item"
      aria-labelledby={itemTitleId(item)}
      data-testid="pair-item"
    >
      <ItemHead
        item={item}
        label={
          <>
            <span className="sl-pair-label">{label}</span>{' '}
          </>
        }
      />
      {(item.description || item.details.length > 0) && (
        <div className="sl-answer-item-body">
          <ItemAnswers item={item} />
        </div>
      )}
    </article>
  );
}

/**
 * A pairwise selection's page: the item the judge just saw (A) beside the one the server chose (B); they
 * say which is better or skip B, with the buttons or the keys. "Finish" submits: the judge is done.
 */
export function PairwiseForm({ view, token }: { view: AnswerView; token: string | null }) {
  const { t } = useTranslation('judging');
  const issueId = view.issue.id;
  const query = usePairwiseState(issueId, token);
  const vote = usePairwiseVote(issueId, token);
  const submit = useSubmitAnswers(issueId, token);
  const [isDone, setIsDone] = useState(false);
  const state = query.data;
  const next = state?.next ?? null;
  const canVote = !view.preview && next !== null && !vote.isPending;
  // The pair names its items; the answer view holds them as the rating page shows them, blind rules applied.
  const viewItems = useMemo(() => new Map(view.items.map((item) => [item.id, item])), [view.items]);
  const shown = (item: PairwiseItem): AnswerViewItem =>
    viewItems.get(item.id) ?? { ...item, number: 0, title_hidden: false, tags: [], details: [] };

  const focus = useChoiceFocus(vote.isPending);

  const choose = (choice: PairwiseChoice) => {
    if (!canVote || !next) return;
    focus.keep(state?.previous === null ? 'continue' : choice);
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
    <section ref={focus.section} className="sl-answer-panel sl-pairwise" data-testid="pairwise">
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
          <PairCard item={shown(next)} label="A" />
          <div className="sl-pair-actions">
            <button
              type="button"
              className="sl-button sl-button-primary"
              disabled={!canVote}
              onClick={() => choose('next')}
              data-choice="continue"
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
            <PairCard key={state.previous.id} item={shown(state.previous)} label="A" />
            <PairCard key={next.id} item={shown(next)} label="B" />
          </div>
          <div className="sl-pair-actions">
            <button
              type="button"
              className="sl-button sl-button-primary"
              disabled={!canVote}
              onClick={() => choose('previous')}
              data-choice="previous"
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
              data-choice="next"
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
              data-choice="skip"
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
