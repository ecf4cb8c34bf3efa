import { type AnswerView, distinctTags, hasTagKey, type IssueComment } from '@shortlist/contract';
import { startTransition, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { getFieldErrors } from '../../lib/api-errors';
import { AnswerBar } from './answer-bar';
import {
  isBelowMinPicks,
  joinSubmissionErrors,
  pickedCount,
  ratingProgress,
  tokensUsed,
  toSubmission,
} from './answer-draft';
import { useConfirm } from './confirm-dialog';
import { ItemCard } from './item-card';
import { Pager } from './pager';
import { ballotSize, rankedOrder } from './ranked-draft';
import { RankingPanel } from './ranking-panel';
import { SubmittedResult } from './submitted-result';
import { useConflict, useSubmitAnswers } from './use-answer-view';
import { useDraftAutosave } from './use-draft-autosave';
import { useDraftHandlers } from './use-draft-handlers';
import { useFlash } from './use-flash';
import { useItemLabels } from './use-item-labels';
import { type ItemsShown, useUnratedNavigation } from './use-unrated-navigation';
import './resources';

const ERROR_SECONDS = 8;
/** Items drawn at once: thousands of cards with their sliders make a slow page. */
const ITEMS_PER_PAGE = 50;
/**
 * Cards drawn in the page's first frame, a screen of them or more (a card of five criteria is some 700 px
 * tall); the rest of the page follows in a transition, which a tap or a key interrupts: the first items
 * can be answered before the fiftieth is drawn (docs/performance.md).
 */
const FIRST_CARDS = 3;

interface AnswerFormProps {
  view: AnswerView;
  token: string | null;
}

/** The items with their controls, the bottom bar, and the submission. */
export function AnswerForm({ view, token }: AnswerFormProps) {
  const { t } = useTranslation('judging');
  const { t: tc } = useTranslation();
  const { show: notify, flash } = useFlash();
  const { confirm, dialog } = useConfirm();
  const { issue } = view;
  const labels = useItemLabels(issue);
  const { draft, handlers: draftHandlers, dropItem } = useDraftHandlers(view, notify);
  const submit = useSubmitAnswers(issue.id, token);
  const conflict = useConflict(issue.id, token);
  const { mutate: mutateConflict } = conflict;
  const handlers = useMemo(
    () =>
      view.preview
        ? draftHandlers
        : {
            ...draftHandlers,
            setConflict: async (dataset: number, isDeclared: boolean) => {
              const isConfirmed =
                !isDeclared ||
                (await confirm({
                  title: t('conflict.confirm'),
                  body: t('conflict.confirmHelp'),
                  okText: t('conflict.declare'),
                  cancelText: tc('common.cancel'),
                }));
              if (!isConfirmed) return;
              mutateConflict(
                { dataset, isDeclared },
                {
                  onSuccess: () => isDeclared && dropItem(dataset),
                  onError: (error) =>
                    notify(
                      error instanceof ApiError && error.status === 403
                        ? t('conflict.setByAdmin')
                        : tc('common.error'),
                      'error',
                      ERROR_SECONDS,
                    ),
                },
              );
            },
          },
    [view.preview, draftHandlers, dropItem, mutateConflict, confirm, notify, t, tc],
  );
  const conflicts = useMemo(() => new Set(view.conflicts), [view.conflicts]);
  const [tag, setTag] = useState<string | null>(null);
  const [page, setPage] = useState(1);
  const [isDone, setIsDone] = useState(issue.public && view.has_submitted);
  const [isSending, setIsSending] = useState(false);
  const autosave = useDraftAutosave({
    view,
    token,
    draft,
    isEnabled: !view.preview && !isDone && !isSending,
  });

  // One option a tag whatever its case, which matches it in any case (the contract's `tagKey`).
  const tags = useMemo(() => distinctTags(view.items.flatMap((item) => item.tags)).sort(), [view.items]);
  const tagged = useMemo(
    () => (tag ? view.items.filter((item) => hasTagKey(item.tags, tag)) : view.items),
    [view.items, tag],
  );
  const progress = useMemo(() => ratingProgress(view, draft), [view, draft]);
  const changeTag = (value: string | null) => {
    setTag(value);
    setPage(1);
  };
  const navigation = useUnratedNavigation({
    items: tagged,
    unrated: progress?.unrated ?? null,
    page,
    perPage: ITEMS_PER_PAGE,
    setPage,
    isTagged: tag !== null,
    clearTag: () => changeTag(null),
    onAllRated: () => notify(t('allRated')),
  });
  const items = navigation.listed;
  const [isPageDrawn, setPageDrawn] = useState(false);
  useEffect(() => {
    startTransition(() => setPageDrawn(true));
  }, []);
  const pageItems = items.slice(
    (page - 1) * ITEMS_PER_PAGE,
    isPageDrawn ? page * ITEMS_PER_PAGE : (page - 1) * ITEMS_PER_PAGE + FIRST_CARDS,
  );
  const list = useRef<HTMLElement>(null);
  // The new page starts at the top, and so does the keyboard: the next Tab reaches its first item.
  const changePage = (value: number) => {
    setPage(value);
    window.scrollTo({ top: 0 });
    list.current?.focus({ preventScroll: true });
  };
  const sharedByItem = useMemo(() => {
    const byItem = new Map<number, IssueComment[]>();
    for (const comment of view.shared_comments)
      byItem.set(comment.dataset, [...(byItem.get(comment.dataset) ?? []), comment]);
    return byItem;
  }, [view.shared_comments]);

  const isRanked = issue.resourcetype === 'RankedIssue';
  const rankedShort = isRanked ? ballotSize(view) - rankedOrder(draft).length : 0;
  const status = isRanked
    ? t('ranked.count', { count: rankedOrder(draft).length, total: ballotSize(view) })
    : issue.resourcetype === 'TokenIssue'
      ? t('tokensLeft', { count: (issue.nb_tokens ?? 0) - tokensUsed(draft) })
      : issue.resourcetype === 'SelectionIssue'
        ? t('pickedCount', { count: pickedCount(draft), max: issue.max_items ?? 0 })
        : progress && t('ratedCount', { rated: progress.rated, total: progress.total });

  const send = async () => {
    setIsSending(true);
    // A draft save still on its way would otherwise land after the submission and outlive it.
    await autosave.settle();
    submit.mutate(toSubmission(draft, view), {
      onSettled: () => setIsSending(false),
      onSuccess: () => {
        setIsDone(true);
        window.scrollTo({ top: 0 });
      },
      onError: (error) => {
        const errors = getFieldErrors(error);
        const code = error instanceof ApiError ? error.code : undefined;
        const text = errors
          ? joinSubmissionErrors(errors, t('commentsPrefix'))
          : code === 'ISSUE_CLOSED'
            ? t('closed')
            : tc('common.error');
        notify(text, 'error', ERROR_SECONDS);
      },
    });
  };

  const handleSubmit = async () => {
    if (rankedShort > 0) {
      const items = rankedShort === 1 ? labels.item : labels.items;
      notify(t('ranked.short', { count: rankedShort, items }), 'warning');
      return;
    }
    if (isBelowMinPicks(view, draft)) {
      const min = issue.min_items ?? 0;
      notify(t('pickMin', { min, items: min === 1 ? labels.item : labels.items }), 'warning');
      return;
    }
    // A partly rated item is neither rated nor left out: the judge finishes it or ticks "Not rated".
    const [partly] = progress?.partly ?? [];
    if (partly !== undefined) {
      const count = progress?.partly.length ?? 0;
      notify(t('partlyRated', { count, item: labels.item, items: labels.items }), 'warning', ERROR_SECONDS);
      navigation.jumpTo(partly);
      return;
    }
    const unrated = progress ? progress.total - progress.rated : 0;
    const isConfirmed =
      unrated === 0 ||
      (await confirm({
        title: t('unratedTitle'),
        body: t('unrated', { count: unrated, item: labels.item, items: labels.items }),
        okText: t('submitAnyway'),
        cancelText: t('keepRating'),
        okTestId: 'unrated-confirm',
      }));
    if (isConfirmed) await send();
  };

  if (isDone) return <SubmittedResult canEdit={!issue.public} onEdit={() => setIsDone(false)} />;

  return (
    <>
      {view.preview && <p className="sl-notice sl-notice-info">{t('previewNotice')}</p>}
      {view.has_submitted && !view.preview && (
        <p className="sl-notice sl-notice-success">{t('editingNotice')}</p>
      )}
      {view.shared_comments_hidden && (
        <p className="sl-notice sl-notice-info" data-testid="shared-comments-hidden">
          {t('sharedHidden')}
        </p>
      )}
      {isRanked && <RankingPanel view={view} draft={draft} handlers={handlers} />}
      {progress && (
        <div className="sl-answer-tools">
          <label className="sl-answer-shown">
            <span>{t('shown.label')}</span>
            <select
              className="sl-input"
              value={navigation.shown}
              onChange={(event) => navigation.show(event.target.value as ItemsShown)}
              data-testid="answer-shown-filter"
            >
              <option value="all">{t('shown.all')}</option>
              <option value="unrated">{t('shown.unrated')}</option>
            </select>
          </label>
        </div>
      )}
      <section
        ref={list}
        tabIndex={-1}
        className="sl-answer-list"
        aria-label={labels.items}
        onFocus={navigation.noteFocus}
      >
        {items.length === 0 ? (
          <p className="sl-result" data-testid="answer-list-empty">
            {navigation.shown === 'unrated' ? t('allRated') : t('noItemWithTag')}
          </p>
        ) : (
          pageItems.map((item) => (
            <ItemCard
              key={item.id}
              view={view}
              item={item}
              draft={draft}
              sharedComments={sharedByItem.get(item.id) ?? EMPTY}
              handlers={handlers}
              isConflicted={conflicts.has(item.id)}
            />
          ))
        )}
      </section>
      <Pager page={page} count={Math.ceil(items.length / ITEMS_PER_PAGE)} onChange={changePage} />
      <AnswerBar
        tags={tags}
        tag={tag}
        onTagChange={changeTag}
        onNextUnrated={progress && navigation.next}
        status={status}
        saveState={view.preview ? 'idle' : autosave.state}
        flash={flash}
        isPreview={view.preview}
        isSubmitting={isSending}
        onSubmit={() => void handleSubmit()}
      />
      {dialog}
    </>
  );
}

const EMPTY: IssueComment[] = [];
