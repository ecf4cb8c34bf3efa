import type { AnswerViewDetail } from '@shortlist/contract';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** The item's answers to the fields its selection shows to judges. */
export function ItemDetails({ details }: { details: AnswerViewDetail[] }) {
  const { t } = useTranslation('answering');
  if (details.length === 0) return null;
  return (
    <Descriptions
      size="small"
      column={1}
      title={t('details')}
      items={details.map((detail, index) => ({
        key: index,
        label: detail.label,
        children: detail.file_url_signed ? (
          <Typography.Link href={detail.file_url_signed} target="_blank" rel="noreferrer">
            {detail.filename ?? t('file')}
          </Typography.Link>
        ) : (
          <span className="sl-pre-line">{detail.response ?? JSON.stringify(detail.json_response ?? '')}</span>
        ),
      }))}
    />
  );
}
