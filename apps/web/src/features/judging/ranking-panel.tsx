import { type AnswerView, placeOfPoints } from '@shortlist/contract';
import { type KeyboardEvent, useEffect, useMemo, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { type Draft, draftKey } from './answer-draft';
import type { ItemCardHandlers } from './item-card';
import { ballotSize, rankedOrder } from './ranked-draft';
import './resources';

type Props = {
  view: AnswerView;
  draft: Draft;
  handlers: Pick<ItemCardHandlers, 'moveRank' | 'unrank'>;
};

/**
 * The judge's ballot, best first: reordered by dragging a row, by its Up and Down buttons, or from the
 * keyboard on any of its controls (Alt + ↑/↓ moves, Alt + Home/End to the ends, Delete takes it off). Each
 * move is read out, and the focus stays on the moved item.
 */
export function RankingPanel({ view, draft, handlers }: Props) {
  const { t } = useTranslation('judging');
  const order = rankedOrder(draft);
  const size = ballotSize(view);
  const nbRanked = view.issue.nb_ranked ?? 0;
  const titles = useMemo(() => new Map(view.items.map((item) => [item.id, item.title])), [view.items]);
  const [announcement, setAnnouncement] = useState('');
  const [dragged, setDragged] = useState<number | null>(null);
  const [target, setTarget] = useState<number | null>(null);
  const list = useRef<HTMLOListElement>(null);
  /** The control to focus again once the moved row is drawn in its new place. */
  const refocus = useRef<{ dataset: number; control: string } | null>(null);

  useEffect(() => {
    const pending = refocus.current;
    if (!pending) return;
    refocus.current = null;
    const row = list.current?.querySelector<HTMLElement>(`[data-dataset="${pending.dataset}"]`);
    const control = row?.querySelector<HTMLElement>(`[data-control="${pending.control}"]`);
    // An end button is disabled at the end: the handle keeps the focus then.
    (control && !(control as HTMLButtonElement).disabled
      ? control
      : row?.querySelector<HTMLElement>('[data-control="handle"]')
    )?.focus();
  });

  const move = (dataset: number, index: number, control = 'handle') => {
    const place = Math.max(0, Math.min(order.length - 1, index));
    refocus.current = { dataset, control };
    handlers.moveRank(dataset, place);
    setAnnouncement(t('ranked.moved', { title: titles.get(dataset) ?? '', place: place + 1 }));
  };
  const remove = (dataset: number) => {
    handlers.unrank(dataset);
    setAnnouncement(t('ranked.removed', { title: titles.get(dataset) ?? '' }));
    list.current?.focus();
  };

  const onKeyDown = (event: KeyboardEvent, dataset: number, index: number) => {
    const control = (event.target as HTMLElement).dataset.control ?? 'handle';
    if (event.key === 'Delete') {
      event.preventDefault();
      remove(dataset);
      return;
    }
    if (!event.altKey) return;
    const to = { ArrowUp: index - 1, ArrowDown: index + 1, Home: 0, End: order.length - 1 }[event.key];
    if (to === undefined) return;
    event.preventDefault();
    move(dataset, to, control);
  };

  return (
    <section className="sl-ranking" aria-labelledby="ranking-title" data-testid="ranking-panel">
      <h2 id="ranking-title" className="sl-ranking-title">
        {t('ranked.title')}
      </h2>
      <p className="sl-ranking-help" id="ranking-help">
        {t('ranked.help', { count: size })}
      </p>
      <p className="sl-visually-hidden" aria-live="polite" data-testid="ranking-announcement">
        {announcement}
      </p>
      {order.length === 0 ? (
        <p className="sl-result" data-testid="ranking-empty">
          {t('ranked.empty')}
        </p>
      ) : (
        <ol
          ref={list}
          tabIndex={-1}
          className="sl-ranking-list"
          aria-label={t('ranked.title')}
          aria-describedby="ranking-help"
          onDragEnd={() => {
            setDragged(null);
            setTarget(null);
          }}
        >
          {order.map((dataset, index) => {
            const title = titles.get(dataset) ?? '';
            const points = draft.values[draftKey(dataset, null)] ?? 0;
            const className = [
              'sl-ranking-row',
              dragged === dataset ? 'sl-ranking-dragged' : '',
              target === index && dragged !== dataset ? 'sl-ranking-target' : '',
            ].join(' ');
            return (
              <li
                key={dataset}
                className={className}
                data-dataset={dataset}
                data-testid="ranking-row"
                draggable
                onDragStart={(event) => {
                  event.dataTransfer.effectAllowed = 'move';
                  event.dataTransfer.setData('text/plain', String(dataset));
                  setDragged(dataset);
                }}
                onDragOver={(event) => {
                  event.preventDefault();
                  event.dataTransfer.dropEffect = 'move';
                  setTarget(index);
                }}
                onDrop={(event) => {
                  event.preventDefault();
                  const moved = Number(event.dataTransfer.getData('text/plain')) || dragged;
                  if (moved) move(moved, index);
                  setDragged(null);
                  setTarget(null);
                }}
                onKeyDown={(event) => onKeyDown(event, dataset, index)}
              >
                <span className="sl-ranking-place" aria-hidden="true">
                  {placeOfPoints(nbRanked, points)}
                </span>
                <button
                  type="button"
                  className="sl-ranking-handle"
                  data-control="handle"
                  aria-label={t('ranked.handle', { title, place: index + 1 })}
                  aria-describedby="ranking-keys"
                  data-testid="ranking-handle"
                >
                  <span aria-hidden="true">⠿</span>
                  <span className="sl-ranking-name">{title}</span>
                </button>
                <span className="sl-ranking-buttons">
                  <button
                    type="button"
                    className="sl-button sl-button-small"
                    data-control="up"
                    disabled={index === 0}
                    onClick={() => move(dataset, index - 1, 'up')}
                    aria-label={t('ranked.upOf', { title })}
                    data-testid="ranking-up"
                  >
                    ↑
                  </button>
                  <button
                    type="button"
                    className="sl-button sl-button-small"
                    data-control="down"
                    disabled={index === order.length - 1}
                    onClick={() => move(dataset, index + 1, 'down')}
                    aria-label={t('ranked.downOf', { title })}
                    data-testid="ranking-down"
                  >
                    ↓
                  </button>
                  <button
                    type="button"
                    className="sl-button sl-button-small"
                    onClick={() => remove(dataset)}
                    aria-label={t('ranked.removeOf', { title })}
                    data-testid="ranking-remove"
                  >
                    ✕
                  </button>
                </span>
              </li>
            );
          })}
        </ol>
      )}
      <p id="ranking-keys" className="sl-visually-hidden">
        {t('ranked.keys')}
      </p>
    </section>
  );
}
