import type { AnswerView, AnswerViewItem, IssueComment } from '@shortlist/contract';
import { memo } from 'react';
import { useTranslation } from 'react-i18next';
import { type Draft, type DraftComment, draftKey, hasComments } from './answer-draft';
import { CommentField } from './comment-field';
import { ItemAnswers, ItemHead, itemTitleId } from './item-details';
import { PickControl, TokenControl } from './pick-token-controls';
import { RankControl } from './rank-control';
import { RatingControl } from './rating-control';
import { SharedComments } from './shared-comments';
import '../answers/answers.css';
import './resources';

export interface ItemCardHandlers {
  setValue(key: string, value: number | undefined): void;
  togglePick(dataset: number): void;
  changeTokens(dataset: number, delta: 1 | -1): void;
  /** Ranked ballots: puts the item last on the ballot, takes it off, or moves it to a place (0: first). */
  rank(dataset: number): void;
  unrank(dataset: number): void;
  moveRank(dataset: number, index: number): void;
  setComment(key: string, comment: DraftComment): void;
  /** Declares (true, once the judge confirms) or withdraws (false) a conflict of interest; absent in the preview. */
  setConflict?(dataset: number, isDeclared: boolean): void;
}

interface ItemCardProps {
  view: AnswerView;
  item: AnswerViewItem;
  draft: Draft;
  sharedComments: IssueComment[];
  handlers: ItemCardHandlers;
  /** The judge declared a conflict of interest with this item: it takes no answer (docs/judging.md). */
  isConflicted: boolean;
}

/** The keys of the draft this item's card shows: one per criterion, or one for the item. */
const keysOf = (view: AnswerView, dataset: number) => [
  draftKey(dataset, null),
  ...view.issue.questions.map((q) => draftKey(dataset, q.id)),
];

/** One item with its answer control and comments, or the conflict the judge declared with it. */
function ItemCardView({ view, item, draft, sharedComments, handlers, isConflicted }: ItemCardProps) {
  const { t } = useTranslation('judging');
  const { issue } = view;
  const key = draftKey(item.id, null);
  const commentRows = issue.comments_mode === 'QUESTION' ? issue.questions : [null];
  const { setConflict } = handlers;
  const hasDetails = item.details.length > 0;
  const titleId = itemTitleId(item);
  const head = <ItemHead item={item} hasTags={!isConflicted} />;
  if (isConflicted) {
    return (
      <article className="sl-answer-item" aria-labelledby={titleId} data-testid="answer-item">
        {head}
        <div className="sl-answer-item-body">
          <div className="sl-notice sl-notice-warning" data-testid="answer-conflict">
            <p>
              <strong>{t('conflict.declared')}</strong>
            </p>
            <p>{t('conflict.declaredHelp')}</p>
            {setConflict && (
              <button
                type="button"
                className="sl-button sl-button-small"
                onClick={() => setConflict(item.id, false)}
                data-testid="conflict-withdraw"
              >
                {t('conflict.withdraw')}
              </button>
            )}
          </div>
        </div>
      </article>
    );
  }
  return (
    <article className="sl-answer-item" aria-labelledby={titleId} data-testid="answer-item">
      {head}
      <div className={hasDetails ? 'sl-answer-item-body sl-answer-split' : 'sl-answer-item-body'}>
        <ItemAnswers item={item} />
        <div className="sl-answer-controls" data-testid="answer-controls">
          {issue.resourcetype === 'RatingIssue' && (
            <RatingControl
              issue={issue}
              dataset={item.id}
              title={item.title}
              values={draft.values}
              onChange={handlers.setValue}
              t={t}
            />
          )}
          {issue.resourcetype === 'SelectionIssue' && (
            <PickControl
              title={item.title}
              isPicked={draft.values[key] === 1}
              onToggle={() => handlers.togglePick(item.id)}
            />
          )}
          {issue.resourcetype === 'TokenIssue' && (
            <TokenControl
              title={item.title}
              count={draft.values[key] ?? 0}
              onChange={(delta) => handlers.changeTokens(item.id, delta)}
            />
          )}
          {issue.resourcetype === 'RankedIssue' && (
            <RankControl
              title={item.title}
              points={draft.values[key]}
              nbRanked={issue.nb_ranked ?? 0}
              onRank={() => handlers.rank(item.id)}
              onUnrank={() => handlers.unrank(item.id)}
            />
          )}
          {hasComments(view) &&
            commentRows.map((question) => {
              const commentKey = draftKey(item.id, question?.id);
              return (
                <CommentField
                  key={commentKey}
                  id={`comment-${item.id}-${question?.id ?? 0}`}
                  label={question ? `${t('comment')} — ${question.title}` : t('comment')}
                  name={
                    question ? `${t('comment')} — ${question.title}` : t('commentOn', { title: item.title })
                  }
                  value={draft.comments[commentKey]}
                  onChange={(comment) => handlers.setComment(commentKey, comment)}
                  t={t}
                />
              );
            })}
          <SharedComments comments={sharedComments} questions={issue.questions} />
          {setConflict && (
            <button
              type="button"
              className="sl-button sl-button-small sl-button-link"
              onClick={() => setConflict(item.id, true)}
              data-testid="conflict-declare"
            >
              {t('conflict.declare')}
            </button>
          )}
        </div>
      </div>
    </article>
  );
}

/**
 * A card re-renders only when its own answers or comments change: a page of 2,000 items stays quick
 * while the judge moves one slider.
 */
export const ItemCard = memo(ItemCardView, (before, after) => {
  if (before.view !== after.view || before.item !== after.item || before.handlers !== after.handlers)
    return false;
  if (before.sharedComments !== after.sharedComments || before.isConflicted !== after.isConflicted)
    return false;
  return keysOf(after.view, after.item.id).every(
    (key) =>
      before.draft.values[key] === after.draft.values[key] &&
      before.draft.comments[key] === after.draft.comments[key],
  );
});
