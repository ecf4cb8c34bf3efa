import { QuestionCircleOutlined } from '@ant-design/icons';
import { type AgreementQuery, alphaReading, type Issue } from '@shortlist/contract';
import { Alert, Flex, Skeleton, Tag, Tooltip, Typography } from 'antd';
import type { CSSProperties } from 'react';
import { useTranslation } from 'react-i18next';
import { formatNumber } from '../../lib/i18n/format';
import { useAgreement } from './use-agreement';
import './resources';

const COLOURS = { good: 'success', tentative: 'warning', poor: 'error', none: 'default' } as const;
/** A reading is a sentence: on a phone it wraps within the page (a Tag keeps to one line). */
const READING: CSSProperties = { whiteSpace: 'normal', maxWidth: '100%', marginInlineEnd: 0 };

/**
 * Beside the ranking: Krippendorff's α with its 95 % interval and a plain-words reading (docs/judging.md,
 * "Agreement between judges"), then one reading per criterion, under the report's filters (its judges and
 * criteria). Comments-only selections have none.
 */
export function AgreementPanel({ issue, query }: { issue: Issue; query: AgreementQuery }) {
  const { t, i18n } = useTranslation('agreement');
  const agreement = useAgreement(issue.id, issue.resourcetype !== 'TextIssue', query);
  if (issue.resourcetype === 'TextIssue') return null;
  if (agreement.isError)
    return <Alert type="warning" showIcon title={t('loadFailed')} style={{ marginBottom: 12 }} />;
  if (!agreement.data) return <Skeleton active paragraph={{ rows: 1 }} aria-label={t('loading')} />;
  const { alpha, alpha_low, alpha_high, questions } = agreement.data;
  const number = (value: number) => formatNumber(value, i18n.language);
  const reading = alphaReading(alpha);
  const titles = new Map(issue.questions.map((question) => [question.id, question.title]));
  return (
    <section aria-label={t('title')} style={{ marginBottom: 16 }} data-testid="agreement-panel">
      <Flex wrap gap={8} align="center">
        <Typography.Text strong>{t('title')}</Typography.Text>
        <Tag color={COLOURS[reading]} style={READING} data-testid="agreement-reading" data-reading={reading}>
          {t(`reading.${reading}`)}
        </Tag>
        {alpha !== null && (
          <Typography.Text data-testid="agreement-alpha">
            {t('alpha', { alpha: number(alpha) })}
            {alpha_low !== null && alpha_high !== null && (
              <Typography.Text type="secondary">
                {' '}
                ({t('interval', { low: number(alpha_low), high: number(alpha_high) })})
              </Typography.Text>
            )}
          </Typography.Text>
        )}
        <Tooltip title={t('help')}>
          <QuestionCircleOutlined aria-label={t('help')} tabIndex={0} />
        </Tooltip>
      </Flex>
      {questions.length > 0 && (
        <Flex wrap gap={6} style={{ marginTop: 8 }} data-testid="agreement-criteria">
          {questions.map(({ question, alpha: criterionAlpha }) => {
            const criterionReading = alphaReading(criterionAlpha);
            return (
              <Tag
                key={question}
                color={COLOURS[criterionReading]}
                style={READING}
                data-testid="agreement-criterion"
              >
                {t(`readingOn.${criterionReading}`, { criterion: titles.get(question) ?? '' })}
                {criterionAlpha !== null && ` (α ${number(criterionAlpha)})`}
              </Tag>
            );
          })}
        </Flex>
      )}
    </section>
  );
}
