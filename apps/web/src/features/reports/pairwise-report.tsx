import type { Issue, PairwiseReport } from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import { Alert, Flex, Table, type TableColumnsType, Tabs, Tag, Typography } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { apiGet } from '../../lib/api-client';
import { useItemTitles } from '../../lib/item-titles';
import { DownloadButton } from '../../lib/layout/download-button';
import { lazyPanel } from '../../lib/lazy-panel';
import { DecisionsButton } from '../decisions/decisions-button';
import { PromoteButton } from '../rounds/promote-button';
import './resources';

const TopKPanel = lazyPanel(() => import('../top-k/top-k-panel').then((m) => m.TopKPanel));

type ItemRow = PairwiseReport['items'][number];
type JudgeRow = PairwiseReport['judges'][number];

const fixed = (x: number, language: string, digits = 2) =>
  x.toLocaleString(language, { minimumFractionDigits: digits, maximumFractionDigits: digits });

/**
 * A pairwise selection's report: items by μ with their 95 % interval, and each judge's learned reliability;
 * the rating report's actions on its ranking (decisions, promotion to the next round, How sure).
 */
export function PairwiseReportPanel({ issue }: { issue: Issue }) {
  const { t, i18n } = useTranslation('reports');
  const { shown } = useItemTitles();
  const report = useQuery({
    queryKey: ['report', issue.id, 'pairwise'],
    queryFn: ({ signal }) => apiGet<PairwiseReport>(`issues/${issue.id}/pairwise/report/`, undefined, signal),
  });
  const lang = i18n.language;
  const ranking = useMemo(
    () =>
      new Map((report.data?.items ?? []).map((row) => [row.dataset, { title: row.title, rank: row.rank }])),
    [report.data],
  );
  if (report.isError) return <Alert type="error" showIcon title={t('loadFailed')} />;
  const data = report.data;
  const items: TableColumnsType<ItemRow> = [
    { key: 'rank', title: t('columns.rank'), dataIndex: 'rank', width: 70 },
    {
      key: 'title',
      title: t('columns.item'),
      render: (_, row) => (
        <Flex gap={8} wrap>
          {shown(row.title)}
          {row.shortlisted && <Tag color="green">{t('pairwise.shortlisted')}</Tag>}
        </Flex>
      ),
    },
    { key: 'mu', title: t('columns.PairwiseIssue'), render: (_, row) => fixed(row.mu, lang) },
    {
      key: 'interval',
      title: t('pairwise.interval'),
      render: (_, row) => `${fixed(row.low, lang)} – ${fixed(row.high, lang)}`,
    },
    { key: 'comparisons', title: t('pairwise.comparisons'), dataIndex: 'comparisons' },
  ];
  const judges: TableColumnsType<JudgeRow> = [
    { key: 'name', title: t('judge'), dataIndex: 'name' },
    {
      key: 'reliability',
      title: t('pairwise.reliability'),
      render: (_, row) => `${fixed(row.reliability * 100, lang, 0)} %`,
    },
    { key: 'votes', title: t('pairwise.votes'), dataIndex: 'votes' },
  ];
  return (
    <Flex vertical gap={12} data-testid="pairwise-report">
      <Flex justify="space-between" align="center" wrap gap={8}>
        <Typography.Text>
          {data ? t('pairwise.summary', { count: data.votes, k: data.shortlist_size }) : null}
        </Typography.Text>
        <Flex gap={8} wrap>
          <DownloadButton
            path={`issues/${issue.id}/pairwise/report/export/`}
            filename={t('fileName.pairwise', { title: issue.title || t('fileName.untitled') })}
            testId="pairwise-export"
          >
            {t('pairwise.export')}
          </DownloadButton>
          <DecisionsButton teamId={issue.team} issueId={issue.id} />
          <PromoteButton
            source={{ kind: 'issues', id: issue.id }}
            teamId={issue.team}
            title={issue.title}
            round={issue.round}
            params={{}}
            tagOptions={[]}
            ticked={[]}
          />
        </Flex>
      </Flex>
      <Typography.Text type="secondary">{t('pairwise.help')}</Typography.Text>
      <Tabs
        items={[
          {
            key: 'items',
            label: t('tabs.items'),
            children: (
              <Table
                rowKey="dataset"
                size="small"
                loading={report.isPending}
                columns={items}
                dataSource={data?.items}
                scroll={{ x: 'max-content' }}
                data-testid="pairwise-items"
              />
            ),
          },
          {
            key: 'top-k',
            label: t('tabs.topK'),
            children: (
              <TopKPanel source={{ kind: 'issue', id: issue.id, query: {} }} ranking={ranking} isPairwise />
            ),
          },
          {
            key: 'judges',
            label: t('tabs.judges'),
            children: (
              <Table
                rowKey="user"
                size="small"
                loading={report.isPending}
                columns={judges}
                dataSource={data?.judges}
                scroll={{ x: 'max-content' }}
                data-testid="pairwise-judges"
              />
            ),
          },
        ]}
      />
    </Flex>
  );
}
