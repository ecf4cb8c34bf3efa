import { DownloadOutlined } from '@ant-design/icons';
import type { Issue, ReportDataset } from '@shortlist/contract';
import { Alert, Button, Spin, Tabs, Tooltip } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DownloadButton } from '../../lib/layout/download-button';
import { lazyDialog } from '../../lib/lazy-dialog';
import { lazyPanel } from '../../lib/lazy-panel';
import { useAgreementColumns } from '../agreement/agreement-columns';
import { AgreementPanel } from '../agreement/agreement-panel';
import { DecisionsButton } from '../decisions/decisions-button';
import { PromoteButton } from '../rounds/promote-button';
import { useIssue } from '../selections/use-issue';
import { ReportFilters, type ReportFilterValues } from './report-filters';
import { ReportItemsTable } from './report-items-table';
import { agreementQueryOf, reportParams, toReportQuery } from './report-params';
import { useDisagreementThreshold } from './use-disagreement-threshold';
import { useReportSummary } from './use-report';
import './resources';

const RankedReportPanel = lazyPanel(() => import('./ranked-report-panel').then((m) => m.RankedReportPanel));
const TopKPanel = lazyPanel(() => import('../top-k/top-k-panel').then((m) => m.TopKPanel));
// The judges' tab is the second: its table loads when it is first shown.
const JudgesTable = lazyPanel(() => import('./judges-table').then((m) => m.JudgesTable));
const PairwiseReportPanel = lazyPanel(() => import('./pairwise-report').then((m) => m.PairwiseReportPanel));
// Loaded the first time one opens (lib/lazy-dialog.tsx): the report's first paint does without them.
const ItemDetailsDrawer = lazyDialog(
  () => import('./item-details-drawer').then((m) => m.ItemDetailsDrawer),
  (props) => props.item !== null,
);
const JudgeReportDrawer = lazyDialog(
  () => import('./judge-report-drawer').then((m) => m.JudgeReportDrawer),
  (props) => props.userId !== null,
);
const ItemInfoDialog = lazyDialog(
  () => import('../items/item-info-dialog').then((m) => m.ItemInfoDialog),
  (props) => props.datasetId !== null,
);
const ExportDialog = lazyDialog(
  () => import('./export-dialog').then((m) => m.ExportDialog),
  (props) => props.open,
);

/** The report tab of a selection: the ranked items and the judges, with filters and the export. */
export function ReportTab({ issueId }: { issueId: number }) {
  const { t } = useTranslation('reports');
  const issue = useIssue(issueId);
  if (issue.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  if (!issue.data) return <Spin description={t('loading')} />;
  if (issue.data.resourcetype === 'PairwiseIssue') return <PairwiseReportPanel issue={issue.data} />;
  return <Report issue={issue.data} />;
}

function Report({ issue }: { issue: Issue }) {
  const { t } = useTranslation('reports');
  const [threshold, setThreshold] = useDisagreementThreshold(issue.id);
  const [filters, setFilters] = useState<Omit<ReportFilterValues, 'threshold'>>({
    onlyVerified: false,
    tags: [],
    criteria: [],
    normalisation: 'none',
  });
  const params = reportParams(filters);
  const query = toReportQuery(params);
  const agreementQuery = agreementQueryOf(query);
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
  const [topK, setTopK] = useState<number | null>(null);
  const ranking = useMemo(
    () =>
      new Map(
        (summary.data?.datasets ?? []).map((row) => [row.dataset_id, { title: row.title, rank: row.rank }]),
      ),
    [summary.data],
  );
  const [ticked, setTicked] = useState<number[]>([]);
  const judgesDisabled = summary.data?.judges_disabled ?? false;
  const agreementColumns = useAgreementColumns(
    issue.id,
    !judgesDisabled && issue.resourcetype !== 'TextIssue',
    agreementQuery,
  );
  const isRanked = issue.resourcetype === 'RankedIssue';
  const rankedQuery = { only_verified_emails: query.only_verified_emails, tags: query.tags };

  const filterBar = (ranked: boolean) => (
    <ReportFilters
      issue={issue}
      tagOptions={tagOptions}
      value={{ ...filters, threshold }}
      onChange={({ threshold: next, ...rest }) => {
        setFilters(rest);
        setThreshold(next);
      }}
      exportButton={
        ranked ? (
          <DownloadButton
            path={`issues/${issue.id}/ranked_export/`}
            filename={t('fileName.ranked', { title: issue.title || t('fileName.untitled') })}
            query={rankedQuery}
            testId="ranked-export"
          >
            {t('ranked.export')}
          </DownloadButton>
        ) : (
          <Button
            icon={<DownloadOutlined />}
            onClick={() => setIsExporting(true)}
            data-testid="export-report"
          >
            {t('exportExcel')}
          </Button>
        )
      }
      isRanked={ranked}
      extra={
        <>
          <DecisionsButton
            teamId={issue.team}
            issueId={issue.id}
            datasetIds={ticked.length > 0 ? ticked : undefined}
            onDone={() => setTicked([])}
          />
          <PromoteButton
            source={{ kind: 'issues', id: issue.id }}
            teamId={issue.team}
            title={issue.title}
            round={issue.round}
            params={params}
            tagOptions={tagOptions}
            ticked={ticked}
          />
        </>
      }
    />
  );
  const items = (
    <>
      <AgreementPanel issue={issue} query={agreementQuery} />
      {filterBar(false)}
      {filters.normalisation !== 'none' && (summary.data?.raw_judges.length ?? 0) > 0 && (
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
          ticked={ticked}
          onTick={setTicked}
        />
      )}
    </>
  );

  const rankedTab = {
    key: 'ranked',
    label: t('ranked.tab'),
    children: (
      <>
        {filterBar(true)}
        <RankedReportPanel issue={issue} query={rankedQuery} />
      </>
    ),
  };

  return (
    <>
      {judgesDisabled && (
        <Alert type="info" showIcon title={t('judgesDisabled')} style={{ marginBottom: 12 }} />
      )}
      <Tabs
        items={[
          ...(isRanked ? [rankedTab] : []),
          { key: 'items', label: t('tabs.items'), children: items },
          {
            key: 'top-k',
            label: t('tabs.topK'),
            children: (
              <TopKPanel
                source={{ kind: 'issue', id: issue.id, query }}
                ranking={ranking}
                onChecked={setTopK}
              />
            ),
          },
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
                extraColumns={agreementColumns}
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
        topK={topK}
        open={isExporting}
        onClose={() => setIsExporting(false)}
      />
    </>
  );
}
