import type { AnswerViewIssue } from '@shortlist/contract';
import { Checkbox, Flex, Slider, Tooltip, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { draftKey } from './answer-draft';

interface RatingControlProps {
  issue: AnswerViewIssue;
  dataset: number;
  title: string;
  values: Record<string, number>;
  onChange(key: string, value: number | undefined): void;
}

/** A slider per criterion (or one for the item); an item left alone stays out of the answers. */
export function RatingControl({ issue, dataset, title, values, onChange }: RatingControlProps) {
  const { t } = useTranslation('answering');
  const min = issue.min_rating ?? 0;
  const max = issue.max_rating ?? 5;
  const rows = issue.questions.length > 0 ? issue.questions : [null];
  const keys = rows.map((question) => draftKey(dataset, question?.id));
  const isIgnored = keys.every((key) => values[key] === undefined);

  const setIgnored = (ignored: boolean) => {
    for (const key of keys) onChange(key, ignored ? undefined : min);
  };

  return (
    <div>
      {rows.map((question, index) => {
        const key = keys[index] ?? '';
        const value = values[key];
        const label = question ? question.title : t('rating');
        return (
          <Flex key={key} align="center" gap="middle" wrap>
            <Tooltip title={question?.description || undefined}>
              <Typography.Text strong>{label}</Typography.Text>
            </Tooltip>
            <Slider
              className={value === undefined ? 'sl-answer-unset' : undefined}
              style={{ flex: 1, minWidth: 160 }}
              min={min}
              max={max}
              step={issue.step ?? 1}
              value={value ?? min}
              onChange={(next) => onChange(key, next)}
              ariaLabelForHandle={t('ratingOf', { title: question ? `${title} — ${question.title}` : title })}
              data-testid="rating-slider"
            />
            <Typography.Text type={value === undefined ? 'secondary' : undefined} style={{ minWidth: 64 }}>
              {value === undefined ? t('ignored') : `${value} / ${max}`}
            </Typography.Text>
          </Flex>
        );
      })}
      <Checkbox
        checked={isIgnored}
        onChange={(event) => setIgnored(event.target.checked)}
        data-testid="rating-ignore"
      >
        {t('ignore')}
      </Checkbox>
    </div>
  );
}
