import type { Issue, ReportDataset, ReportQuery } from '@shortlist/contract';
import { Alert, Flex, Spin, Tabs, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DecisionsButton } from '../decisions/decisions-button';
import { ItemInfoDialog } from '../items/item-info-dialog';
import { useIssue } from '../selections/use-issue';
import { ExportDialog } from './export-dialog';
import { ItemDetailsDrawer } from './item-details-drawer';
import { JudgeReportDrawer } from './judge-report-drawer';
import { JudgesTable } from './judges-table';
import { ReportFilters, type ReportFilterValues } from './report-filters';
import { ReportItemsTable } from './report-items-table';
import { useDisagreementThreshold } from './use-disagreement-threshold';
import { useReportSummary } from './use-report';

const toQuery = (filters: Omit<ReportFilterValues, 'threshold'>): ReportQuery => ({
  only_verified_emails: filters.onlyVerified ? 'true' : undefined,
  tags: filters.tags.length > 0 ? filters.tags.join(';') : undefined,
  criteria: filters.criteria.length > 0 ? filters.criteria.join(',') : undefined,
  normalised: filters.normalised ? 'true' : undefined,
});

/** The report tab of a selection: the ranked items and the judges, with filters and the export. */
export function ReportTab({ issueId }: { issueId: number }) {
  const { t } = useTranslation('reports');
  const issue = useIssue(issueId);
  if (issue.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  if (!issue.data) return <Spin description={t('loading')} />;
  return <Report issue={issue.data} />;
}

function Report({ issue }: { issue: Issue }) {
  const { t } = useTranslation('reports');
  const [threshold, setThreshold] = useDisagreementThreshold(issue.id);
  const [filters, setFilters] = useState<Omit<ReportFilterValues, 'threshold'>>({
    onlyVerified: false,
    tags: [],
    criteria: [],
    normalised: false,
  });
  const query = toQuery(filters);
  const summary = useReportSummary(issue.id, query);
  // Tag choices come from the unfiltered report, so that choosing one tag keeps the others offered.
  const unfiltered = useReportSummary(issue.id, {});
  const tagOptions = useMemo(
    () => [...new Set(unfiltered.data?.datasets.flatMap((row) => row.tagsArray))].sort(),
    [unfiltered.data],
  );
  const [item, setItem] = useState<ReportDataset | null>(null);
  const [infoId, setInfoId] = useState<number | null>(null);
  const [judgeId, setJudgeId] = useState<number | null>(null);
  const [isExporting, setIsExporting] = useState(false);
  const judgesDisabled = summary.data?.judges_disabled ?? false;

  const items = (
    <>
      <ReportFilters
        issue={issue}
        tagOptions={tagOptions}
        value={{ ...filters, threshold }}
        onChange={({ threshold: next, ...rest }) => {
          setFilters(rest);
          setThreshold(next);
        }}
        onExport={() => setIsExporting(true)}
      />
      <Flex justify="end" style={{ marginBottom: 12 }}>
        <DecisionsButton teamId={issue.team} issueId={issue.id} />
      </Flex>
      {filters.normalised && (summary.data?.raw_judges.length ?? 0) > 0 && (
        <Alert
          type="info"
          showIcon
          title={t('rawJudges', { count: summary.data?.raw_judges.length })}
          style={{ marginBottom: 12 }}
          data-testid="raw-judges"
        />
      )}
      {summary.isError ? (
        <Alert type="error" showIcon title={t('loadFailed')} />
      ) : (
        <ReportItemsTable
          issue={issue}
          query={query}
          datasets={summary.data?.datasets}
          judgeValueMax={summary.data?.judge_value_max ?? null}
          threshold={threshold}
          isLoading={summary.isPending || summary.isPlaceholderData}
          onInfo={(row) => setInfoId(row.dataset_id)}
          onViewResponses={setItem}
        />
      )}
    </>
  );

  return (
    <>
      {judgesDisabled && (
        <Alert type="info" showIcon title={t('judgesDisabled')} style={{ marginBottom: 12 }} />
      )}
      <Tabs
        items={[
          { key: 'items', label: t('tabs.items'), children: items },
          {
            key: 'judges',
            disabled: judgesDisabled,
            label: judgesDisabled ? (
              <Tooltip title={t('judgesDisabled')}>{t('tabs.judges')}</Tooltip>
            ) : (
              t('tabs.judges')
            ),
            children: (
              <JudgesTable
                issue={issue}
                users={summary.data?.users ?? []}
                isLoading={summary.isPending}
                onView={setJudgeId}
              />
            ),
          },
        ]}
        data-testid="report-tabs"
      />
      <ItemDetailsDrawer
        issue={issue}
        item={item}
        onlyVerified={filters.onlyVerified}
        onViewJudge={judgesDisabled ? undefined : setJudgeId}
        onClose={() => setItem(null)}
      />
      <JudgeReportDrawer issue={issue} userId={judgeId} onClose={() => setJudgeId(null)} />
      <ItemInfoDialog teamId={issue.team} datasetId={infoId} onClose={() => setInfoId(null)} />
      <ExportDialog
        issueId={issue.id}
        title={issue.title}
        query={query}
        open={isExporting}
        onClose={() => setIsExporting(false)}
      />
    </>
  );
}
