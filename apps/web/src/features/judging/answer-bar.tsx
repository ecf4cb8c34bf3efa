import { useTranslation } from 'react-i18next';
import type { DraftSaveState } from './use-draft-autosave';
import type { Flash } from './use-flash';
import './resources';

interface AnswerBarProps {
  tags: string[];
  tag: string | null;
  onTagChange(tag: string | null): void;
  /** Rating selections only: "Next unrated". */
  onNextUnrated: (() => void) | null;
  status: string | null;
  /** Where the judge's draft stands on the server. */
  saveState: DraftSaveState;
  flash: Flash | null;
  isPreview: boolean;
  isSubmitting: boolean;
  onSubmit(): void;
}

/**
 * The bar at the bottom of the answer page: the tag filter, where the judge stands (read out as it
 * changes: tokens left, items picked or rated) with "Next unrated", the draft's state, the page's
 * messages, and Submit.
 */
export function AnswerBar({
  tags,
  tag,
  onTagChange,
  onNextUnrated,
  status,
  saveState,
  flash,
  isPreview,
  isSubmitting,
  onSubmit,
}: AnswerBarProps) {
  const { t } = useTranslation('judging');
  return (
    <div className="sl-answer-bar">
      <div className="sl-answer-flash" aria-live="polite" aria-atomic="true" data-testid="answer-flash">
        {flash && (
          <p key={flash.key} className={`sl-notice sl-notice-${flash.tone}`}>
            {flash.text}
          </p>
        )}
      </div>
      {tags.length > 0 ? (
        <select
          className="sl-input"
          aria-label={t('tagFilter')}
          value={tag ?? ''}
          onChange={(event) => onTagChange(event.target.value || null)}
          data-testid="answer-tag-filter"
        >
          <option value="">{t('allTags')}</option>
          {tags.map((value) => (
            <option key={value} value={value}>
              {value}
            </option>
          ))}
        </select>
      ) : (
        <span />
      )}
      <div className="sl-answer-bar-end">
        <span
          className={saveState === 'failed' ? 'sl-answer-draft-failed' : 'sl-muted'}
          aria-live="polite"
          data-testid="draft-state"
        >
          {saveState !== 'idle' && t(`draft.${saveState}`)}
        </span>
        <span role="status" data-testid="answer-status">
          {status}
        </span>
        {onNextUnrated && (
          <button
            type="button"
            className="sl-button"
            onClick={onNextUnrated}
            aria-label={t('nextUnrated')}
            data-testid="answer-next-unrated"
          >
            {/* On a phone the bar keeps to two rows: an arrow; the name stays the words. */}
            <span className="sl-answer-next-label" aria-hidden="true">
              {t('nextUnrated')}
            </span>
            <span className="sl-answer-next-icon" aria-hidden="true">
              ↓
            </span>
          </button>
        )}
        <button
          type="button"
          className="sl-button sl-button-primary"
          onClick={onSubmit}
          disabled={isPreview || isSubmitting}
          aria-busy={isSubmitting}
          title={isPreview ? t('previewNotice') : undefined}
          data-testid="answer-submit"
        >
          {t('submit')}
        </button>
      </div>
    </div>
  );
}
