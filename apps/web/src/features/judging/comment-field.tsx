import { COMMENT_MAX_LENGTH } from '@shortlist/contract';
import type { TFunction } from 'i18next';
import { Field } from '../../lib/plain/field';
import type { DraftComment } from './answer-draft';

interface CommentFieldProps {
  id: string;
  /** The visible label ("Comment", or the criterion's); `name` says which item it is about. */
  label: string;
  name: string;
  value: DraftComment | undefined;
  onChange(comment: DraftComment): void;
  /** The card's translations (item-card.tsx). */
  t: TFunction<'judging'>;
}

/**
 * The judge's comment (at most 400 characters, a warning at the maximum) and whether other judges see
 * it. A plain textarea that CSS sizes to its text (answering.css): nothing measures it in script.
 */
export function CommentField({ id, label, name, value, onChange, t }: CommentFieldProps) {
  const content = value?.content ?? '';
  const shared = value?.shared ?? false;
  const isAtMax = content.length >= COMMENT_MAX_LENGTH;
  return (
    <Field
      id={id}
      label={label}
      help={
        isAtMax && (
          <span className="sl-answer-comment-max">{t('commentMax', { max: COMMENT_MAX_LENGTH })}</span>
        )
      }
    >
      {(control) => (
        <>
          <textarea
            {...control}
            className="sl-input sl-textarea sl-answer-comment"
            rows={3}
            value={content}
            maxLength={COMMENT_MAX_LENGTH}
            aria-label={name}
            onChange={(event) => onChange({ content: event.target.value, shared })}
            data-testid="comment-input"
          />
          <div className="sl-counter" aria-hidden="true">
            {content.length} / {COMMENT_MAX_LENGTH}
          </div>
          <label className="sl-choice">
            <input
              type="checkbox"
              checked={shared}
              onChange={(event) => onChange({ content, shared: event.target.checked })}
              data-testid="comment-shared"
            />
            <span>{t('shared')}</span>
          </label>
        </>
      )}
    </Field>
  );
}
