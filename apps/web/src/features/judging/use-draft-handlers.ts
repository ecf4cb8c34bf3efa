import type { AnswerView } from '@shortlist/contract';
import { useCallback, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { canPickMore, type Draft, draftKey, initialDraft, tokenRefusal } from './answer-draft';
import type { ItemCardHandlers } from './item-card';
import { ballotSize, moveInRanking, rankedOrder, withRanking } from './ranked-draft';
import type { Notify } from './use-flash';
import { useItemLabels } from './use-item-labels';
import './resources';

/**
 * The judge's draft and the handlers the item cards call. The handlers never change identity, so that
 * only the card being answered re-renders; the limits (max picks, token budget) are checked against the
 * latest draft and explained with a message (`notify`).
 */
export function useDraftHandlers(view: AnswerView, notify: Notify) {
  const { t } = useTranslation('judging');
  const labels = useItemLabels(view.issue);
  const [draft, setDraft] = useState(() => initialDraft(view));
  const latest = useRef({ draft, view, labels });
  latest.current = { draft, view, labels };

  const handlers = useMemo<ItemCardHandlers>(() => {
    const setRanking = (order: number[]) =>
      setDraft((current) => withRanking(current, latest.current.view.issue.nb_ranked ?? 0, order));
    const setValue = (key: string, value: number | undefined) =>
      setDraft((current: Draft) => {
        const values = { ...current.values };
        if (value === undefined) delete values[key];
        else values[key] = value;
        return { ...current, values };
      });
    return {
      setValue,
      setComment: (key, comment) =>
        setDraft((current) => ({ ...current, comments: { ...current.comments, [key]: comment } })),
      togglePick(dataset) {
        const { draft: now, view: v, labels: l } = latest.current;
        const key = draftKey(dataset, null);
        if (now.values[key] === 1) return setValue(key, undefined);
        if (!canPickMore(v, now)) return notify(t('pickMax', { max: v.issue.max_items, items: l.items }));
        setValue(key, 1);
      },
      changeTokens(dataset, delta) {
        const { draft: now, view: v, labels: l } = latest.current;
        const key = draftKey(dataset, null);
        const current = now.values[key] ?? 0;
        if (delta < 0) return setValue(key, Math.max(0, current - 1));
        const refusal = tokenRefusal(v, now, dataset);
        if (refusal === 'total') return notify(t('tokensTotal', { count: v.issue.nb_tokens ?? 0 }));
        if (refusal === 'perItem')
          return notify(t('tokensPerItem', { count: v.issue.max_per_item ?? 0, item: l.item }));
        setValue(key, current + 1);
      },
      rank(dataset) {
        const { draft: now, view: v, labels: l } = latest.current;
        const order = rankedOrder(now);
        if (order.includes(dataset)) return;
        const size = ballotSize(v);
        if (order.length >= size)
          return notify(t('ranked.full', { count: size, items: size === 1 ? l.item : l.items }));
        setRanking([...order, dataset]);
      },
      unrank(dataset) {
        setRanking(rankedOrder(latest.current.draft).filter((id) => id !== dataset));
      },
      moveRank(dataset, index) {
        setRanking(moveInRanking(rankedOrder(latest.current.draft), dataset, index));
      },
    };
  }, [notify, t]);

  /** Forgets what the judge gave an item, once they declare a conflict with it. */
  const dropItem = useCallback((dataset: number) => {
    const isOfItem = (key: string) => key.startsWith(`${dataset}:`);
    setDraft((current) => {
      const kept = {
        values: Object.fromEntries(Object.entries(current.values).filter(([key]) => !isOfItem(key))),
        comments: Object.fromEntries(Object.entries(current.comments).filter(([key]) => !isOfItem(key))),
      };
      // A ballot closes the gap: the items below move up a place.
      const { issue } = latest.current.view;
      return issue.resourcetype === 'RankedIssue'
        ? withRanking(kept, issue.nb_ranked ?? 0, rankedOrder(kept))
        : kept;
    });
  }, []);

  return { draft, handlers, dropItem };
}
