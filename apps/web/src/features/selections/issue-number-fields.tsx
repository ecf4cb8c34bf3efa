import {
  PICK_MAX_MAX,
  RANKED_MAX,
  RANKED_MIN,
  RATING_MAX_MAX,
  RATING_STEP_MIN,
  SHORTLIST_SIZE_MAX,
  SHORTLIST_SIZE_MIN,
  TOKENS_MAX,
  TOKENS_MIN,
} from '@shortlist/contract';
import { Flex, Form, InputNumber } from 'antd';
import { useTranslation } from 'react-i18next';
import type { IssueFormValues } from './issue-form-values';
import './resources';

type Props = { values: Partial<IssueFormValues> };

/** The numbers of the chosen type with the rules between them (spec §5). */
export function IssueNumberFields({ values }: Props) {
  const { t } = useTranslation('selections');
  const maxRating = values.max_rating ?? RATING_MAX_MAX;
  const number = (name: keyof IssueFormValues, label: string, min: number, max: number) => (
    <Form.Item
      name={name}
      label={label}
      rules={[{ required: true, type: 'number', min, max, message: `${min} – ${max}` }]}
      style={{ flex: 1 }}
    >
      <InputNumber min={min} max={max} style={{ width: '100%' }} data-testid={`issue-${name}`} />
    </Form.Item>
  );

  switch (values.resourcetype) {
    case 'RatingIssue':
      return (
        <Flex gap={12} wrap>
          <Form.Item
            name="min_rating"
            label={t('dialog.minRating')}
            dependencies={['max_rating']}
            style={{ flex: 1 }}
            rules={[
              { required: true, type: 'number', min: 0, max: RATING_MAX_MAX },
              ({ getFieldValue }) => ({
                validator: (_, value: number) =>
                  value < getFieldValue('max_rating')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('dialog.minRatingTooLarge'))),
              }),
            ]}
          >
            <InputNumber
              min={0}
              max={RATING_MAX_MAX}
              style={{ width: '100%' }}
              data-testid="issue-min_rating"
            />
          </Form.Item>
          {number('max_rating', t('dialog.maxRating'), 1, RATING_MAX_MAX)}
          <Form.Item
            name="step"
            label={t('dialog.step')}
            dependencies={['max_rating']}
            style={{ flex: 1 }}
            rules={[
              {
                required: true,
                type: 'number',
                min: RATING_STEP_MIN,
                message: `${RATING_STEP_MIN} – ${maxRating}`,
              },
              ({ getFieldValue }) => ({
                validator: (_, value: number) =>
                  value <= getFieldValue('max_rating')
                    ? Promise.resolve()
                    : Promise.reject(new Error(t('dialog.stepTooLarge'))),
              }),
            ]}
          >
            <InputNumber
              min={RATING_STEP_MIN}
              max={maxRating}
              step={RATING_STEP_MIN}
              style={{ width: '100%' }}
              data-testid="issue-step"
            />
          </Form.Item>
        </Flex>
      );
    case 'SelectionIssue':
      return (
        <Flex gap={12} wrap>
          {number('min_items', t('dialog.minItems'), 0, values.max_items ?? PICK_MAX_MAX)}
          {number('max_items', t('dialog.maxItems'), 1, PICK_MAX_MAX)}
        </Flex>
      );
    case 'TokenIssue':
      return (
        <Flex gap={12} wrap>
          {number('nb_tokens', t('dialog.nbTokens'), TOKENS_MIN, TOKENS_MAX)}
          {number('max_per_item', t('dialog.maxPerItem'), TOKENS_MIN, values.nb_tokens ?? TOKENS_MAX)}
        </Flex>
      );
    case 'RankedIssue':
      return (
        <Flex gap={12} wrap>
          {number('nb_ranked', t('dialog.nbRanked'), RANKED_MIN, RANKED_MAX)}
        </Flex>
      );
    case 'PairwiseIssue':
      // Optional: left empty, comparisons aim at the top 10 % of the items (docs/judging.md).
      return (
        <Form.Item
          name="shortlist_size"
          label={t('dialog.shortlistSize')}
          extra={t('dialog.shortlistSizeHelp')}
          rules={[{ type: 'number', min: SHORTLIST_SIZE_MIN, max: SHORTLIST_SIZE_MAX }]}
        >
          <InputNumber
            min={SHORTLIST_SIZE_MIN}
            max={SHORTLIST_SIZE_MAX}
            placeholder={t('dialog.shortlistSizeDefault')}
            style={{ width: '100%' }}
            data-testid="issue-shortlist_size"
          />
        </Form.Item>
      );
    default:
      return null;
  }
}
