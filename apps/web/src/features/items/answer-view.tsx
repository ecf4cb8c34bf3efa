import { PaperClipOutlined } from '@ant-design/icons';
import {
  type BudgetResponse,
  budgetBalance,
  CHOICE_RESPONSE_SEPARATOR,
  type DatumField,
  type DatumValue,
} from '@shortlist/contract';
import { Flex, Tag, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatBytes } from './format';

/** An answer as read-only text: the chosen options, the file's link, or a budget's balance. */
export function AnswerView({ field, value }: { field: DatumField; value: DatumValue | undefined }) {
  const { t, i18n } = useTranslation('items');
  if (!value) return <Typography.Text type="secondary">{t('details.noAnswer')}</Typography.Text>;
  if (field.resourcetype === 'choice' && value.response) {
    return (
      <Flex gap={4} wrap>
        {value.response.split(CHOICE_RESPONSE_SEPARATOR).map((label) => (
          <Tag key={label}>{label}</Tag>
        ))}
      </Flex>
    );
  }
  if (field.resourcetype === 'file') {
    return value.file_url_signed && value.filename ? (
      <Typography.Link
        href={value.file_url_signed}
        // The file route serves PDFs and images inline (for the judges' page); here the link downloads.
        download={value.filename}
        aria-label={t('value.download', { name: value.filename })}
      >
        <PaperClipOutlined /> {value.filename}
        {value.file_size !== null && ` (${formatBytes(value.file_size, i18n.language)})`}
      </Typography.Link>
    ) : (
      <Typography.Text type="secondary">{t('value.noFile')}</Typography.Text>
    );
  }
  if (field.resourcetype === 'custom' && value.json_response) {
    const budget = value.json_response as BudgetResponse;
    return (
      <Typography.Text>
        {t('budget.result')}: {budgetBalance(budget)} {budget.currency}
      </Typography.Text>
    );
  }
  return <Typography.Text style={{ whiteSpace: 'pre-wrap' }}>{value.response ?? ''}</Typography.Text>;
}
