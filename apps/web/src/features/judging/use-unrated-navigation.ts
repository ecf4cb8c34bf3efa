import type { AnswerViewItem } from '@shortlist/contract';
import { type FocusEvent, useEffect, useMemo, useRef, useState } from 'react';

export type ItemsShown = 'all' | 'unrated';

interface Options {
  /** The items after the tag filter, in the page's order. */
  items: AnswerViewItem[];
  /** The items not rated yet, as the draft stands (null: not a rating selection). */
  unrated: Set<number> | null;
  page: number;
  perPage: number;
  setPage(page: number): void;
  /** Whether a tag filter is on, and how the page clears it when it hides an item to show. */
  isTagged: boolean;
  clearTag(): void;
  /** "Next unrated" found nothing left to rate. */
  onAllRated(): void;
}

/** The item a focused element belongs to, read from its card's title id (`item-{id}-title`). */
function itemOf(element: Element | null): number | null {
  const card = element?.closest('[data-testid="answer-item"]');
  const match = card?.getAttribute('aria-labelledby')?.match(/^item-(\d+)-title$/);
  return match ? Number(match[1]) : null;
}

/**
 * The "not yet rated" filter and the "Next unrated" jump of a rating selection's page (issue 27). The
 * filter keeps the items unrated when it was chosen, so that a card does not vanish under the finger that
 * rates it; choosing it again takes those still unrated. The jump goes to the next unrated item after the
 * one the judge was last in (or the top of the page), turning the page if needed, and puts the focus on
 * its first criterion not rated, so that the keyboard rates it at once.
 */
export function useUnratedNavigation(options: Options) {
  const { items, unrated, page, perPage, setPage, isTagged, clearTag, onAllRated } = options;
  const [shown, setShown] = useState<ItemsShown>('all');
  const [kept, setKept] = useState<Set<number>>(() => new Set());
  const [target, setTarget] = useState<number | null>(null);
  const last = useRef<number | null>(null);
  const listed = useMemo(
    () => (shown === 'unrated' ? items.filter((item) => kept.has(item.id)) : items),
    [items, kept, shown],
  );

  const show = (value: ItemsShown) => {
    setShown(value);
    setKept(new Set(value === 'unrated' ? unrated : []));
    setPage(1);
    last.current = null;
  };

  // Runs after each render while an item waits to be shown: its filters cleared, its page turned, its card
  // drawn (the rest of a page is drawn in a transition), then focused.
  useEffect(() => {
    if (target === null) return;
    const index = listed.findIndex((item) => item.id === target);
    if (index < 0) {
      if (shown === 'unrated') setShown('all');
      else if (isTagged) clearTag();
      else setTarget(null);
      return;
    }
    const wanted = Math.floor(index / perPage) + 1;
    if (wanted !== page) return setPage(wanted);
    const card = document.getElementById(`item-${target}-title`)?.closest('article');
    if (!card) return;
    card.scrollIntoView({ block: 'center' });
    // The first criterion still to rate, else the card's first control.
    const control =
      card.querySelector<HTMLElement>('.sl-range-unset') ?? card.querySelector<HTMLElement>('input');
    control?.focus({ preventScroll: true });
    last.current = target;
    setTarget(null);
  });

  /** Shows this item, whatever filter or page hides it now. */
  const jumpTo = (id: number) => setTarget(id);

  const next = () => {
    if (!unrated || listed.length === 0) return onAllRated();
    const from = last.current === null ? -1 : listed.findIndex((item) => item.id === last.current);
    const start = from < 0 ? (page - 1) * perPage - 1 : from;
    for (let step = 1; step <= listed.length; step += 1) {
      const item = listed[(start + step + listed.length) % listed.length];
      if (item && unrated.has(item.id)) return jumpTo(item.id);
    }
    onAllRated();
  };

  /** The list's focus handler: the card the judge is in is where "Next unrated" starts from. */
  const noteFocus = (event: FocusEvent<HTMLElement>) => {
    const id = itemOf(event.target);
    if (id !== null) last.current = id;
  };

  return { shown, show, listed, jumpTo, next, noteFocus };
}
