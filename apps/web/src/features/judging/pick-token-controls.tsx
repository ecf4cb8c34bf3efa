import { useTranslation } from 'react-i18next';
import './resources';

/** Picks or unpicks the item, a toggle button; the page refuses a pick beyond max_items with a message. */
export function PickControl({
  title,
  isPicked,
  onToggle,
}: {
  title: string;
  isPicked: boolean;
  onToggle(): void;
}) {
  const { t } = useTranslation('judging');
  return (
    <button
      type="button"
      className={isPicked ? 'sl-button sl-button-pressed' : 'sl-button'}
      aria-pressed={isPicked}
      aria-label={t('pickOf', { title })}
      onClick={onToggle}
      data-testid="pick-toggle"
    >
      {isPicked ? `✓ ${t('picked')}` : t('pick')}
    </button>
  );
}

/**
 * One token more or less; never below zero, the page refuses going past the limits with a message. The
 * tokens left are read out by the bar's status.
 */
export function TokenControl({
  title,
  count,
  onChange,
}: {
  title: string;
  count: number;
  onChange(delta: 1 | -1): void;
}) {
  const { t } = useTranslation('judging');
  return (
    <fieldset className="sl-tokens">
      <legend className="sl-visually-hidden">{t('tokensOf', { title })}</legend>
      <button
        type="button"
        className="sl-button"
        disabled={count <= 0}
        onClick={() => onChange(-1)}
        aria-label={t('removeToken', { title })}
        data-testid="token-minus"
      >
        −
      </button>
      <span className="sl-token-count" data-testid="token-count">
        {count}
      </span>
      <button
        type="button"
        className="sl-button"
        onClick={() => onChange(1)}
        aria-label={t('addToken', { title })}
        data-testid="token-plus"
      >
        +
      </button>
    </fieldset>
  );
}
