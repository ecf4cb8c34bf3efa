import { BIDDING_CLOSED } from '@shortlist/contract';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { useConfirm } from '../judging/confirm-dialog';
import { Pager } from '../judging/pager';
import { useFlash } from '../judging/use-flash';
import { BidCard } from './bid-card';
import { useBidItems, useBidMutations } from './use-bidding';
import '../judging/resources';
import './resources';

const PAGE_SIZE = 20;

/** The selection's items to bid on: searched and paged by the server, each with the judge's bid. */
export function BidList({
  issueId,
  token,
  isOpen,
}: {
  issueId: number;
  token: string | null;
  isOpen: boolean;
}) {
  const { t } = useTranslation('bidding');
  const { t: ta } = useTranslation('judging');
  const { t: tc } = useTranslation();
  const [search, setSearch] = useState('');
  const [typed, setTyped] = useState('');
  const [page, setPage] = useState(1);
  const filters = { offset: (page - 1) * PAGE_SIZE, limit: PAGE_SIZE, search: search || undefined };
  const items = useBidItems(issueId, token, filters);
  const { bid, placeBid, conflict } = useBidMutations(issueId, token, filters);
  const { confirm, dialog } = useConfirm();
  const { flash, show } = useFlash();
  const list = useRef<HTMLDivElement>(null);
  const busy = bid.isPending
    ? bid.variables?.dataset
    : conflict.isPending
      ? conflict.variables?.dataset
      : null;

  const failed = (error: Error) =>
    show(
      error instanceof ApiError && error.code === BIDDING_CLOSED ? t('bid.closed') : t('bid.failed'),
      'error',
    );
  const declare = async (dataset: number, isDeclared: boolean) => {
    const isConfirmed =
      !isDeclared ||
      (await confirm({
        title: ta('conflict.confirm'),
        body: ta('conflict.confirmHelp'),
        okText: ta('conflict.declare'),
        cancelText: tc('common.cancel'),
      }));
    if (isConfirmed)
      conflict.mutate(
        { dataset, isDeclared },
        {
          onError: (error) =>
            show(
              error instanceof ApiError && error.status === 403
                ? ta('conflict.setByAdmin')
                : tc('common.error'),
              'error',
            ),
        },
      );
  };
  const changePage = (value: number) => {
    setPage(value);
    list.current?.focus();
  };
  const data = items.data;
  const pageCount = data ? Math.ceil(data.count / PAGE_SIZE) : 0;

  return (
    <section className="sl-bidding-section" aria-labelledby="bid-items-title" data-testid="bid-list">
      <h2 id="bid-items-title" className="sl-bidding-title">
        {t('items.title')}
      </h2>
      <search>
        <form
          className="sl-bid-search"
          onSubmit={(event) => {
            event.preventDefault();
            setSearch(typed.trim());
            setPage(1);
          }}
        >
          <label htmlFor="bid-search" className="sl-field-label">
            {t('items.search')}
          </label>
          <div className="sl-bid-search-row">
            <input
              id="bid-search"
              type="search"
              className="sl-input"
              value={typed}
              onChange={(event) => setTyped(event.target.value)}
              data-testid="bid-search"
            />
            <button type="submit" className="sl-button">
              {t('items.searchButton')}
            </button>
          </div>
        </form>
      </search>
      <div className="sl-answer-flash" aria-live="polite" aria-atomic="true" data-testid="bid-flash">
        {flash && (
          <p key={flash.key} className={`sl-notice sl-notice-${flash.tone}`}>
            {flash.text}
          </p>
        )}
      </div>
      <div ref={list} tabIndex={-1} aria-busy={items.isFetching} className="sl-bid-items">
        {items.isPending ? (
          <p className="sl-form-loading" role="status">
            {tc('common.loading')}
          </p>
        ) : !data ? (
          <div className="sl-notice sl-notice-error" data-testid="bid-items-error">
            <p>{t('items.loadFailed')}</p>
            <button type="button" className="sl-button sl-button-small" onClick={() => void items.refetch()}>
              {t('items.retry')}
            </button>
          </div>
        ) : data.results.length === 0 ? (
          <p className="sl-result sl-result-message" data-testid="bid-items-empty">
            {search ? t('items.noMatch') : t('items.empty')}
          </p>
        ) : (
          <>
            <p className="sl-bid-count">{t('items.count', { count: data.count })}</p>
            {data.results.map((item) => (
              <BidCard
                key={item.dataset}
                item={item}
                isOpen={isOpen}
                isBusy={busy === item.dataset}
                onBid={(value) =>
                  placeBid(
                    { dataset: item.dataset, bid: value, previous: item.bid },
                    { onSuccess: () => show(t('bid.saved')), onError: failed },
                  )
                }
                onConflict={(isDeclared) => void declare(item.dataset, isDeclared)}
              />
            ))}
          </>
        )}
      </div>
      <Pager page={page} count={pageCount} onChange={changePage} />
      {dialog}
    </section>
  );
}
