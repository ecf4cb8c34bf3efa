import type { AnswerViewIssue } from '@shortlist/contract';
import type { TFunction } from 'i18next';
import { Field } from '../../lib/plain/field';
import { draftKey } from './answer-draft';

interface RatingControlProps {
  issue: AnswerViewIssue;
  dataset: number;
  title: string;
  values: Record<string, number>;
  onChange(key: string, value: number | undefined): void;
  /** The card's translations (item-card.tsx): one hook per card, not one per control. */
  t: TFunction<'judging'>;
}

/** Keys that move a range down: at the minimum they change nothing, so the browser fires no input event. */
const DOWN_KEYS = new Set(['Home', 'ArrowLeft', 'ArrowDown', 'PageDown']);

/**
 * A native range per criterion (or one for the item), labelled by the criterion and described by its
 * description, its value shown beside it and read out with it; arrows, Home/End and a finger move it.
 * An item left alone stays out of the answers: its thumb waits, grey, at the minimum and says "Not
 * rated"; "Not rated" is also the item's own check box, which clears every criterion.
 *
 * A range always holds a value, and a click, a tap or Home at the left end leaves the waiting thumb where it
 * is: the browser fires no input event, and the judge who meant the minimum got "Not rated" (issue 27). So
 * while a criterion is not rated, a click or tap on it (the event follows any input event the press made),
 * and a key that moves down, rate it with the value the range shows: the minimum is a value like any other.
 */
export function RatingControl({ issue, dataset, title, values, onChange, t }: RatingControlProps) {
  const min = issue.min_rating ?? 0;
  const max = issue.max_rating ?? 5;
  const rows = issue.questions.length > 0 ? issue.questions : [null];
  const keys = rows.map((question) => draftKey(dataset, question?.id));
  const ratedCount = keys.filter((key) => values[key] !== undefined).length;
  const isIgnored = ratedCount === 0;

  const setIgnored = (ignored: boolean) => {
    for (const key of keys) onChange(key, ignored ? undefined : min);
  };

  return (
    <>
      {rows.map((question, index) => {
        const key = keys[index] ?? '';
        const value = values[key];
        const shown = value === undefined ? t('ignored') : `${value} / ${max}`;
        return (
          <Field
            key={key}
            id={`rating-${dataset}-${question?.id ?? 0}`}
            label={question ? question.title : t('rating')}
            help={question?.description || undefined}
          >
            {(control) => (
              <div className="sl-rating-input">
                <input
                  {...control}
                  type="range"
                  className={value === undefined ? 'sl-range sl-range-unset' : 'sl-range'}
                  min={min}
                  max={max}
                  step={issue.step ?? 1}
                  value={value ?? min}
                  onChange={(event) => onChange(key, Number(event.target.value))}
                  onClick={(event) => {
                    if (value === undefined) onChange(key, Number(event.currentTarget.value));
                  }}
                  onKeyDown={(event) => {
                    if (value === undefined && DOWN_KEYS.has(event.key)) onChange(key, min);
                  }}
                  // The visible label is the criterion; the name says which item it rates.
                  aria-label={t('ratingOf', { title: question ? `${title} — ${question.title}` : title })}
                  aria-valuetext={shown}
                  data-testid="rating-slider"
                />
                <span
                  className={
                    value === undefined ? 'sl-rating-value sl-rating-value-unset' : 'sl-rating-value'
                  }
                  aria-hidden="true"
                >
                  {shown}
                </span>
              </div>
            )}
          </Field>
        );
      })}
      {!isIgnored && ratedCount < keys.length && (
        <p className="sl-notice sl-notice-warning" data-testid="rating-partly">
          {t('partly', { count: ratedCount, total: keys.length })}
        </p>
      )}
      <label className="sl-choice">
        <input
          type="checkbox"
          checked={isIgnored}
          onChange={(event) => setIgnored(event.target.checked)}
          aria-describedby={`item-${dataset}-title`}
          data-testid="rating-ignore"
        />
        <span>{t('ignore')}</span>
      </label>
    </>
  );
}
