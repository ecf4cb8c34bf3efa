import { useTranslation } from 'react-i18next';
import type { DraftSaveState } from './use-draft-autosave';
import type { Flash } from './use-flash';
import type { ItemsShown } from './use-unrated-navigation';

/** A rating selection's way through what is left to rate: the "not yet rated" filter and "Next unrated". */
interface UnratedControls {
  shown: ItemsShown;
  onShow(shown: ItemsShown): void;
  onNext(): void;
}

interface AnswerBarProps {
  tags: string[];
  tag: string | null;
  onTagChange(tag: string | null): void;
  /** Rating selections only. */
  unrated: UnratedControls | null;
  status: string | null;
  /** Where the judge's draft stands on the server. */
  saveState: DraftSaveState;
  flash: Flash | null;
  isPreview: boolean;
  isSubmitting: boolean;
  onSubmit(): void;
}

/**
 * The bar at the bottom of the answer page: the tag filter, the "not yet rated" filter, where the judge
 * stands (read out as it changes: tokens left, items picked or rated) with "Next unrated", the draft's
 * state, the page's messages, and Submit.
 */
export function AnswerBar({
  tags,
  tag,
  onTagChange,
  unrated,
  status,
  saveState,
  flash,
  isPreview,
  isSubmitting,
  onSubmit,
}: AnswerBarProps) {
  const { t } = useTranslation('answering');
  return (
    <div className="sl-answer-bar">
      <div className="sl-answer-flash" aria-live="polite" aria-atomic="true" data-testid="answer-flash">
        {flash && (
          <p key={flash.key} className={`sl-notice sl-notice-${flash.tone}`}>
            {flash.text}
          </p>
        )}
      </div>
      <div className="sl-answer-bar-filters">
        {tags.length > 0 && (
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
        )}
        {unrated && (
          <select
            className="sl-input"
            aria-label={t('shown.label')}
            value={unrated.shown}
            onChange={(event) => unrated.onShow(event.target.value as ItemsShown)}
            data-testid="answer-shown-filter"
          >
            <option value="all">{t('shown.all')}</option>
            <option value="unrated">{t('shown.unrated')}</option>
          </select>
        )}
      </div>
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
        {unrated && (
          <button
            type="button"
            className="sl-button"
            onClick={unrated.onNext}
            data-testid="answer-next-unrated"
          >
            {t('nextUnrated')}
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
