import { QuestionCircleOutlined } from '@ant-design/icons';
import type { Issue } from '@shortlist/contract';
import { Checkbox, Flex, InputNumber, Select, Tooltip } from 'antd';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import './resources';
import { useFormat } from '../../lib/i18n/format';

export type Normalisation = 'none' | 'judge' | 'criterion';

export interface ReportFilterValues {
  onlyVerified: boolean;
  tags: string[];
  criteria: number[];
  /** Rating: judge-bias correction, none, per judge, or per judge and criterion. */
  normalisation: Normalisation;
  /** Items whose σ is above this are flagged; null: none. */
  threshold: number | null;
}

interface ReportFiltersProps {
  issue: Issue;
  tagOptions: string[];
  value: ReportFilterValues;
  onChange: (value: ReportFilterValues) => void;
  /** The export: the report's dialog, or the ranked report's download. */
  exportButton: ReactNode;
  /** The ranked tab (Borda and Schulze): no disagreement threshold, its own export. */
  isRanked?: boolean;
  /** Other actions beside the export (promotion to the next round). */
  extra?: ReactNode;
}

/**
 * Above the ranking: verified-only (public), tags (when items have any), criteria and bias correction
 * (rating), the disagreement threshold, export.
 */
export function ReportFilters({
  issue,
  tagOptions,
  value,
  onChange,
  exportButton,
  isRanked,
  extra,
}: ReportFiltersProps) {
  const { decimalSeparator } = useFormat();
  const { t } = useTranslation('reports');
  const hasCriteria = issue.resourcetype === 'RatingIssue' && issue.questions.length > 0;
  return (
    <Flex wrap gap={12} align="center" style={{ marginBottom: 16 }}>
      {issue.public && (
        <Checkbox
          checked={value.onlyVerified}
          onChange={(event) => onChange({ ...value, onlyVerified: event.target.checked })}
          data-testid="only-verified"
        >
          {t('onlyVerified')}{' '}
          <Tooltip title={t('onlyVerifiedHelp')}>
            <QuestionCircleOutlined aria-label={t('onlyVerifiedHelp')} />
          </Tooltip>
        </Checkbox>
      )}
      {tagOptions.length > 0 && (
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 200 }}
          placeholder={t('tagFilter')}
          aria-label={t('tagFilter')}
          value={value.tags}
          options={tagOptions.map((tag) => ({ value: tag, label: tag }))}
          onChange={(tags) => onChange({ ...value, tags })}
          data-testid="report-tag-filter"
        />
      )}
      {hasCriteria && (
        <Select
          mode="multiple"
          allowClear
          style={{ minWidth: 220 }}
          placeholder={t('allCriteria')}
          aria-label={t('criteriaFilter')}
          value={value.criteria}
          options={issue.questions.map((question) => ({ value: question.id, label: question.title }))}
          onChange={(criteria) => onChange({ ...value, criteria })}
          data-testid="report-criteria-filter"
        />
      )}
      {issue.resourcetype === 'RatingIssue' && (
        <Flex gap={6} align="center">
          <label htmlFor="report-normalisation">{t('normalised')}</label>
          <Select<Normalisation>
            id="report-normalisation"
            style={{ minWidth: 200 }}
            value={value.normalisation}
            options={[
              { value: 'none', label: t('normalisation.none') },
              { value: 'judge', label: t('normalisation.judge') },
              ...(hasCriteria ? [{ value: 'criterion' as const, label: t('normalisation.criterion') }] : []),
            ]}
            onChange={(normalisation) => onChange({ ...value, normalisation })}
            data-testid="report-normalised"
          />
          <Tooltip title={t('normalisedHelp')}>
            <QuestionCircleOutlined aria-label={t('normalisedHelp')} />
          </Tooltip>
        </Flex>
      )}
      {!isRanked && (
        <Flex gap={6} align="center">
          <label htmlFor="report-threshold">{t('disagreementThreshold')}</label>
          <InputNumber
            id="report-threshold"
            min={0}
            step={0.1}
            decimalSeparator={decimalSeparator}
            style={{ width: 90 }}
            value={value.threshold}
            onChange={(threshold) => onChange({ ...value, threshold: threshold ?? null })}
            data-testid="report-threshold"
          />
          <Tooltip title={t('disagreementHelp')}>
            <QuestionCircleOutlined aria-label={t('disagreementHelp')} />
          </Tooltip>
        </Flex>
      )}
      <Flex gap={8} wrap style={{ marginInlineStart: 'auto' }}>
        {extra}
        {exportButton}
      </Flex>
    </Flex>
  );
}
