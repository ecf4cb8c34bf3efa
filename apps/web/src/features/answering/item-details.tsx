import type { AnswerViewDetail } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import { AnswerView } from '../answers/answer-view';
import '../../app/i18n/answering-resources';

/** The item's answers to the fields its selection shows to judges, files shown inline where the browser can. */
export function ItemDetails({ details }: { details: AnswerViewDetail[] }) {
  const { t } = useTranslation('answering');
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
