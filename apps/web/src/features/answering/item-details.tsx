import type { AnswerViewDetail } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import { FilePreview } from './file-preview';

const formatJson = (value: AnswerViewDetail['json_response']) => JSON.stringify(value ?? '', null, 2);

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
              {detail.file_url_signed ? (
                <FilePreview
                  url={detail.file_url_signed}
                  name={detail.filename ?? t('file')}
                  mimeType={detail.mime_type}
                />
              ) : detail.json_response ? (
                <pre className="sl-answer-detail-json">{formatJson(detail.json_response)}</pre>
              ) : (
                <span className="sl-pre-line">{detail.response ?? ''}</span>
              )}
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}
