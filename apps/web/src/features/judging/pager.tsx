import { useTranslation } from 'react-i18next';
import { pageList } from './page-list';
import './resources';

/** The pages of a long selection as buttons in a named navigation; nothing when there is one page. */
export function Pager({
  page,
  count,
  onChange,
}: {
  page: number;
  count: number;
  onChange(page: number): void;
}) {
  const { t } = useTranslation('judging');
  if (count <= 1) return null;
  return (
    <nav className="sl-answer-pages" aria-label={t('pages')} data-testid="answer-pages">
      <button
        type="button"
        className="sl-button"
        disabled={page <= 1}
        onClick={() => onChange(page - 1)}
        aria-label={t('previousPage')}
      >
        ‹
      </button>
      {pageList(page, count).map((entry, index) =>
        entry === 'gap' ? (
          // biome-ignore lint/suspicious/noArrayIndexKey: at most two gaps, placed by their neighbours
          <span key={`gap-${index}`} className="sl-button sl-button-link" aria-hidden="true">
            …
          </span>
        ) : (
          <button
            key={entry}
            type="button"
            className="sl-button"
            aria-current={entry === page ? 'page' : undefined}
            aria-label={t('page', { page: entry })}
            onClick={() => onChange(entry)}
          >
            {entry}
          </button>
        ),
      )}
      <button
        type="button"
        className="sl-button"
        disabled={page >= count}
        onClick={() => onChange(page + 1)}
        aria-label={t('nextPage')}
      >
        ›
      </button>
    </nav>
  );
}
