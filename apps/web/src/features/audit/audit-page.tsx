import { CloseOutlined, DownloadOutlined } from '@ant-design/icons';
import {
  AUDIT_ACTIONS,
  AUDIT_OBJECT_TYPES,
  type AuditAction,
  type AuditEntry,
  type AuditFilter,
  type AuditObjectType,
} from '@shortlist/contract';
import { keepPreviousData, useMutation, useQuery } from '@tanstack/react-query';
import { App, Button, Grid, Input, Select, Space, type TableColumnsType, Tag, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format';
import { useItemTitles } from '../../lib/item-titles';
import { PagedTable } from '../../lib/layout/paged-table';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { lazyPanel } from '../../lib/lazy-panel';
import { toOffsetLimit } from '../../lib/paging';
import { useCurrentTeam } from '../teams/team-context';
import { auditKeys, downloadAuditLog, fetchAuditLog } from './api';
import { ChangesView } from './changes-view';
import './resources';

// Below the log, for the rare request: loaded when the page has drawn, as on /admin/teams (decision 85).
const PersonalDataCard = lazyPanel(() => import('./personal-data-card').then((m) => m.PersonalDataCard));

/** A day picked in a date field (`2031-05-12`) as the instant it starts, in the reader's zone. */
const startOfDay = (day: string, plusDays = 0) => {
  const [year, month, date] = day.split('-').map(Number);
  return new Date(year ?? 0, (month ?? 1) - 1, (date ?? 1) + plusDays).toISOString();
};

interface Filters {
  action?: AuditAction;
  objectType?: AuditObjectType;
  since: string;
  until: string;
  actor?: { id: number; kind: AuditEntry['actor']['kind']; name: string };
}

const NO_FILTERS: Filters = { since: '', until: '' };

function toQuery(filters: Filters): AuditFilter {
  return {
    action: filters.action,
    object_type: filters.objectType,
    actor: filters.actor?.id,
    actor_kind: filters.actor?.kind,
    since: filters.since ? startOfDay(filters.since) : undefined,
    // Up to the end of the day picked.
    until: filters.until ? startOfDay(filters.until, 1) : undefined,
  };
}

/** `/team/:teamId/audit`: the team's log, newest first, with filters and exports; personal data requests below. */
export function AuditPage() {
  const { t, i18n } = useTranslation('audit');
  const { shown: titleOf } = useItemTitles();
  const team = useCurrentTeam();
  const { message } = App.useApp();
  const [page, setPage] = useState(1);
  const [filters, setFilters] = useState<Filters>(NO_FILTERS);
  const screens = Grid.useBreakpoint();
  const { offset, limit } = toOffsetLimit({ page });
  const query = toQuery(filters);
  useDocumentTitle(t('title'));
  const log = useQuery({
    queryKey: auditKeys.list(team.id, query, offset),
    queryFn: () => fetchAuditLog(team.id, query, offset, limit),
    placeholderData: keepPreviousData,
  });
  const exporting = useMutation({
    mutationFn: (format: 'xlsx' | 'csv') =>
      downloadAuditLog(team.id, query, format, t('fileName', { format })),
    onError: () => void message.error(t('exportFailed')),
  });
  const filter = (change: Partial<Filters>) => {
    setFilters((current) => ({ ...current, ...change }));
    setPage(1);
  };
  const clearFilters = () => {
    setFilters(NO_FILTERS);
    setPage(1);
  };
  const hasFilters = JSON.stringify(filters) !== JSON.stringify(NO_FILTERS);

  const actorName = (actor: AuditEntry['actor']) =>
    actor.email ?? (actor.id !== null && actor.kind !== 'user' ? t('erasedPerson', { id: actor.id }) : null);

  const renderTime = (entry: AuditEntry) => formatDateTime(entry.time, i18n.language);
  const renderActor = ({ actor }: AuditEntry) => {
    const name = actorName(actor);
    return (
      <div>
        <Typography.Text type="secondary">{t(`actorKind.${actor.kind}`)}</Typography.Text>
        {actor.id !== null && (
          <div>
            <Button
              type="link"
              size="small"
              style={{ padding: 0, height: 'auto', whiteSpace: 'normal', textAlign: 'left' }}
              title={t('filterByActor')}
              onClick={() =>
                filter({ actor: { id: actor.id ?? 0, kind: actor.kind, name: name ?? `#${actor.id}` } })
              }
            >
              {name ?? `#${actor.id}`}
            </Button>
          </div>
        )}
      </div>
    );
  };
  const renderObject = (entry: AuditEntry) => (
    <div>
      <Typography.Text type="secondary">{t(`objectType.${entry.object_type}`)}</Typography.Text>
      {entry.object_id !== null && (
        <div>
          {entry.object_label === null
            ? `#${entry.object_id}`
            : entry.object_type === 'item'
              ? titleOf(entry.object_label)
              : entry.object_label}
        </div>
      )}
    </div>
  );
  /** From 576 px: one column each; below, one cell holding them all, read top to bottom. */
  const wide = ['sm'] as const;
  const columns: TableColumnsType<AuditEntry> = [
    {
      key: 'time',
      title: t('column.time'),
      width: 150,
      responsive: [...wide],
      render: (_, e) => renderTime(e),
    },
    { key: 'actor', title: t('column.actor'), responsive: [...wide], render: (_, e) => renderActor(e) },
    {
      key: 'action',
      title: t('column.action'),
      responsive: [...wide],
      render: (_, entry) => t(`action.${entry.action}`),
    },
    { key: 'object', title: t('column.object'), responsive: [...wide], render: (_, e) => renderObject(e) },
    {
      key: 'changes',
      title: t('column.changes'),
      responsive: [...wide],
      render: (_, entry) => <ChangesView entry={entry} />,
    },
    {
      key: 'phone',
      title: t('title'),
      responsive: ['xs'],
      render: (_, entry) => (
        <div className="sl-audit-phone-entry">
          <Typography.Text strong>{t(`action.${entry.action}`)}</Typography.Text>
          <Typography.Text type="secondary">{renderTime(entry)}</Typography.Text>
          {renderActor(entry)}
          {renderObject(entry)}
          <ChangesView entry={entry} />
        </div>
      ),
    },
  ];

  const actionOptions = AUDIT_OBJECT_TYPES.map((type) => ({
    label: t(`objectType.${type}`),
    title: t(`objectType.${type}`),
    options: AUDIT_ACTIONS[type].map((action) => ({ value: action, label: t(`action.${action}`) })),
  }));

  return (
    <div className="sl-page">
      <div className="sl-page-header">
        <div>
          <Typography.Title level={2}>{t('title')}</Typography.Title>
          <Typography.Text type="secondary">{t('intro')}</Typography.Text>
        </div>
        <Space wrap>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending && exporting.variables === 'xlsx'}
            onClick={() => exporting.mutate('xlsx')}
            data-testid="audit-export-xlsx"
          >
            {t('exportXlsx')}
          </Button>
          <Button
            icon={<DownloadOutlined />}
            loading={exporting.isPending && exporting.variables === 'csv'}
            onClick={() => exporting.mutate('csv')}
            data-testid="audit-export-csv"
          >
            {t('exportCsv')}
          </Button>
        </Space>
      </div>
      <Space wrap className="sl-audit-filters" align="start">
        <div>
          <label htmlFor="audit-filter-action">{t('filters.action')}</label>
          <Select<AuditAction>
            allowClear
            showSearch={{ optionFilterProp: 'label' }}
            value={filters.action}
            options={actionOptions}
            // 45 actions: all in the page, so that a search or a screen reader finds each one.
            virtual={false}
            onChange={(action) => filter({ action })}
            style={{ width: 260, maxWidth: '100%' }}
            id="audit-filter-action"
            data-testid="audit-filter-action"
          />
        </div>
        <div>
          <label htmlFor="audit-filter-type">{t('filters.objectType')}</label>
          <Select<AuditObjectType>
            allowClear
            value={filters.objectType}
            options={AUDIT_OBJECT_TYPES.map((type) => ({ value: type, label: t(`objectType.${type}`) }))}
            onChange={(objectType) => filter({ objectType })}
            style={{ width: 180 }}
            id="audit-filter-type"
          />
        </div>
        <div>
          <label htmlFor="audit-filter-since">{t('filters.since')}</label>
          <Input
            id="audit-filter-since"
            type="date"
            value={filters.since}
            onChange={(e) => filter({ since: e.target.value })}
          />
        </div>
        <div>
          <label htmlFor="audit-filter-until">{t('filters.until')}</label>
          <Input
            id="audit-filter-until"
            type="date"
            value={filters.until}
            onChange={(e) => filter({ until: e.target.value })}
          />
        </div>
        {filters.actor && (
          <Tag closable onClose={() => filter({ actor: undefined })} data-testid="audit-filter-actor">
            {t('filters.actor', { name: filters.actor.name })}
          </Tag>
        )}
        {hasFilters && (
          <Button icon={<CloseOutlined />} onClick={clearFilters}>
            {t('filters.clear')}
          </Button>
        )}
      </Space>
      <PagedTable<AuditEntry>
        query={log}
        page={page}
        onPageChange={setPage}
        pageSize={limit}
        emptyText={t('empty')}
        rowKey="id"
        columns={columns}
        scroll={screens.sm ? { x: 900 } : undefined}
        size="small"
        data-testid="audit-table"
      />
      <PersonalDataCard teamId={team.id} />
    </div>
  );
}
