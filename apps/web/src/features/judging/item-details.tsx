import type { AnswerViewDetail, AnswerViewItem } from '@shortlist/contract';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { AnswerView } from '../answers/answer-view';
import './resources';

/** The item's answers to the fields its selection shows to judges, files shown inline where the browser can. */
export function ItemDetails({ details }: { details: AnswerViewDetail[] }) {
  const { t } = useTranslation('judging');
  if (details.length === 0) return null;
  return (
    <section aria-label={t('details')} data-testid="answer-details">
      <dl className="sl-answer-detail-list">
        {details.map((detail, index) => (
          // The same field can come twice (a repeated question); the order is the field order.
          // biome-ignore lint/suspicious/noArrayIndexKey: the details have no id and never reorder
          <div key={index} className="sl-answer-detail">
            <dt>{detail.label}</dt>
            <dd>
              <AnswerView answer={detail} />
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

type ShownItem = Pick<AnswerViewItem, 'id' | 'title' | 'tags'>;

/** An item's title (after its `label`, the pair's A or B) and, unless `hasTags` is false, its tags. */
export function ItemHead({
  item,
  label,
  hasTags = true,
}: {
  item: ShownItem;
  label?: ReactNode;
  hasTags?: boolean;
}) {
  const { t } = useTranslation('judging');
  return (
    <header className="sl-answer-item-head">
      <h2 id={itemTitleId(item)} className="sl-answer-item-title">
        {label}
        {item.title}
      </h2>
      {hasTags && item.tags.length > 0 && (
        <ul className="sl-chips" aria-label={t('tags')}>
          {item.tags.map((tag) => (
            <li key={tag}>{tag}</li>
          ))}
        </ul>
      )}
    </header>
  );
}

export const itemTitleId = (item: Pick<AnswerViewItem, 'id'>) => `item-${item.id}-title`;

/**
 * What a judge reads of an item, on the rating page and the pairwise one alike: its description and its
 * answers, in a column that scrolls beside the controls on a wide screen. Nothing when it has neither.
 */
export function ItemAnswers({ item }: { item: Pick<AnswerViewItem, 'description' | 'details'> }) {
  const hasDetails = item.details.length > 0;
  if (!hasDetails && !item.description) return null;
  return (
    <div className={hasDetails ? 'sl-answer-details' : undefined}>
      {item.description && <p className="sl-pre-line">{item.description}</p>}
      <ItemDetails details={item.details} />
    </div>
  );
}
