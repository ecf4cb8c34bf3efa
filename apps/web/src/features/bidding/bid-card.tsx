import { BIDS, type Bid, type BidItem } from '@shortlist/contract';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ItemHead, itemTitleId } from '../judging/item-details';
import '../judging/resources';
import './resources';

const NO_BID = 'none';

interface BidCardProps {
  item: BidItem;
  /** False once the bidding deadline has passed: the bid shows, and cannot change. */
  isOpen: boolean;
  isBusy: boolean;
  onBid(bid: Bid | null): void;
  onConflict(isDeclared: boolean): void;
}

/**
 * One item as the selection shows it to judges (its title and the start of its visible answers, the
 * answer page's head), the judge's bid as radio buttons (arrow keys move between them), and the conflict
 * of interest, declared or withdrawn here as on the answer page.
 */
export function BidCard({ item, isOpen, isBusy, onBid, onConflict }: BidCardProps) {
  const { t } = useTranslation('bidding');
  const { t: ta } = useTranslation('judging');
  // Under blind review the hidden title is "Item 7" in the page's language, as on the answer page.
  const title = item.title_hidden ? ta('blindTitle', { number: item.number }) : item.title;
  const shown = { id: item.dataset, title, tags: [] };
  const name = `bid-${item.dataset}`;
  // Checked in the tap's own render (the cache's change reaches the card a moment later, and a controlled
  // radio button springs back meanwhile); the item's bid, once it comes or goes back on a refusal, wins.
  const [choice, setChoice] = useState(item.bid);
  useEffect(() => setChoice(item.bid), [item.bid]);
  return (
    <article className="sl-answer-item" aria-labelledby={itemTitleId(shown)} data-testid="bid-item">
      <ItemHead item={shown} />
      <div className="sl-answer-item-body">
        {item.summary && <p className="sl-bid-summary">{item.summary}</p>}
        {item.conflict ? (
          <div className="sl-notice sl-notice-warning" data-testid="bid-conflict">
            <p>
              <strong>{ta('conflict.declared')}</strong>
            </p>
            <button
              type="button"
              className="sl-button sl-button-small"
              onClick={() => onConflict(false)}
              disabled={isBusy}
              data-testid="bid-conflict-withdraw"
            >
              {ta('conflict.withdraw')}
            </button>
          </div>
        ) : (
          <>
            <fieldset className="sl-bid-choices" disabled={!isOpen}>
              <legend className="sl-field-label">{t('bid.legend', { title })}</legend>
              {[...BIDS, NO_BID].map((value) => (
                <label key={value} className="sl-choice sl-bid-choice">
                  <input
                    type="radio"
                    name={name}
                    value={value}
                    checked={(choice ?? NO_BID) === value}
                    onChange={() => {
                      const next = value === NO_BID ? null : (value as Bid);
                      setChoice(next);
                      onBid(next);
                    }}
                    data-testid={`bid-${value}`}
                  />
                  {t(`bid.${value as Bid | typeof NO_BID}`)}
                </label>
              ))}
            </fieldset>
            <button
              type="button"
              className="sl-button sl-button-small sl-button-link"
              onClick={() => onConflict(true)}
              disabled={isBusy}
              data-testid="bid-conflict-declare"
            >
              {ta('conflict.declare')}
            </button>
          </>
        )}
      </div>
    </article>
  );
}
