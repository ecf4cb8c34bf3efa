import type { UsageData } from '@shortlist/contract';
import { Flex, Input, Table, Typography } from 'antd';
import type { ColumnsType } from 'antd/es/table';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { useFormat } from '../../lib/i18n/format';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { UsageChart } from './usage-chart';
import { readUsageRange } from './usage-range';
import { useUsageData } from './use-dashboard';
import './resources';

type Row = UsageData['statsByTeam'][number];
const COUNTS = ['forms', 'formSubmissions', 'issues', 'issueMerges', 'issueSubmissions'] as const;

/** `/admin/usage` (superusers): what each workspace created over a period, last 30 days by default. */
export function AdminUsagePage() {
  const { t } = useTranslation('dashboard');
  const format = useFormat();
  const [params, setParams] = useSearchParams();
  const range = readUsageRange(params);
  const usage = useUsageData(range);
  useDocumentTitle(t('usage.title'));

  const setRange = (next: Partial<typeof range>) => setParams({ ...range, ...next });
  const columns: ColumnsType<Row> = [
    { title: t('usage.team'), dataIndex: 'name', key: 'name' },
    ...COUNTS.map((key) => ({
      title: t(`usage.${key}`),
      dataIndex: key,
      key,
      align: 'right' as const,
      render: (count: number) => format.number(count),
      sorter: (a: Row, b: Row) => a[key] - b[key],
    })),
  ];
  const stats = usage.data?.statsByTeam ?? [];

  return (
    <div className="sl-page">
      <Typography.Title level={2}>{t('usage.title')}</Typography.Title>
      <Typography.Paragraph type="secondary">{t('usage.intro')}</Typography.Paragraph>
      <Flex gap="small" align="center" wrap className="sl-card-gap">
        <span>{t('usage.range')}</span>
        <Input
          type="date"
          aria-label={t('usage.from')}
          value={range.from}
          max={range.toDate}
          onChange={(event) => event.target.value && setRange({ from: event.target.value })}
          className="sl-date-input"
        />
        <span>–</span>
        <Input
          type="date"
          aria-label={t('usage.to')}
          value={range.toDate}
          min={range.from}
          onChange={(event) => event.target.value && setRange({ toDate: event.target.value })}
          className="sl-date-input"
        />
      </Flex>
      {usage.isError ? (
        <Typography.Text type="warning">{t('loadError')}</Typography.Text>
      ) : (
        <>
          <UsageChart stats={stats} />
          <Table<Row>
            rowKey="team_id"
            columns={columns}
            dataSource={stats}
            loading={usage.isPending}
            pagination={false}
            scroll={{ x: 'max-content' }}
            locale={{ emptyText: t('usage.empty') }}
            data-testid="usage-table"
            summary={(rows) => (
              <Table.Summary.Row>
                <Table.Summary.Cell index={0}>{t('usage.total')}</Table.Summary.Cell>
                {COUNTS.map((key, index) => (
                  <Table.Summary.Cell key={key} index={index + 1} align="right">
                    {format.number(rows.reduce((sum, row) => sum + row[key], 0))}
                  </Table.Summary.Cell>
                ))}
              </Table.Summary.Row>
            )}
          />
        </>
      )}
    </div>
  );
}
