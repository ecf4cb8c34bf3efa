import type { AnswerViewIssue } from '@shortlist/contract';
import type { TFunction } from 'i18next';
import { Field } from '../../app/plain/field';
import { draftKey } from './answer-draft';

interface RatingControlProps {
  issue: AnswerViewIssue;
  dataset: number;
  title: string;
  values: Record<string, number>;
  onChange(key: string, value: number | undefined): void;
  /** The card's translations (item-card.tsx): one hook per card, not one per control. */
  t: TFunction<'answering'>;
}

/**
 * A native range per criterion (or one for the item), labelled by the criterion and described by its
 * description, its value shown beside it and read out with it; arrows, Home/End and a finger move it.
 * An item left alone stays out of the answers: its thumb waits at the minimum and says "Not rated".
 */
export function RatingControl({ issue, dataset, title, values, onChange, t }: RatingControlProps) {
  const min = issue.min_rating ?? 0;
  const max = issue.max_rating ?? 5;
  const rows = issue.questions.length > 0 ? issue.questions : [null];
  const keys = rows.map((question) => draftKey(dataset, question?.id));
  const isIgnored = keys.every((key) => values[key] === undefined);

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
