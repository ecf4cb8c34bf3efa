import { DEFAULT_PAGE_SIZE, type Judge, type Page } from '@shortlist/contract';
import { Button, Empty, Flex, Table, type TableColumnsType, Tag, Tooltip, Typography } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../lib/lazy-dialog';
import { VerificationTag } from '../auth/verification-tag';
import { InviteButton } from './invite-button';
import { JudgeActions } from './judge-actions';
import { JudgeStatusTag } from './judge-tags';
import { useConflicts } from './use-conflicts';
import './resources';

// Loaded the first time they open (lib/lazy-dialog.tsx).
const ItemAccessDrawer = lazyDialog(
  () => import('./item-access-drawer').then((m) => m.ItemAccessDrawer),
  (props) => props.judge !== null,
);
const CopyAccessDialog = lazyDialog(
  () => import('./copy-access-dialog').then((m) => m.CopyAccessDialog),
  (props) => props.judge !== null,
);
const ConflictsDrawer = lazyDialog(
  () => import('./conflicts-drawer').then((m) => m.ConflictsDrawer),
  (props) => props.judge !== null,
);

interface JudgesTableProps {
  issueId: number;
  isSubset: boolean;
  page: Page<Judge> | undefined;
  isLoading: boolean;
  isFiltered: boolean;
  current: number;
  onPageChange: (page: number) => void;
}

/** One page of judges, with per-judge invitation, items, link, copy and removal. */
export function JudgesTable({
  issueId,
  isSubset,
  page,
  isLoading,
  isFiltered,
  current,
  onPageChange,
}: JudgesTableProps) {
  const { t } = useTranslation('judges');
  const [itemsOf, setItemsOf] = useState<Judge | null>(null);
  const [copyTo, setCopyTo] = useState<Judge | null>(null);
  const [conflictsOf, setConflictsOf] = useState<Judge | null>(null);
  const userIds = useMemo(() => (page?.results ?? []).map((judge) => judge.user.id), [page]);
  const conflicts = useConflicts(issueId, userIds);
  const conflictCount = (userId: number) =>
    (conflicts.data?.results ?? []).filter((conflict) => conflict.user === userId).length;

  const columns: TableColumnsType<Judge> = [
    {
      key: 'judge',
      title: t('columns.judge'),
      render: (_, judge) => {
        const name = `${judge.user.first_name} ${judge.user.last_name}`.trim();
        return (
          <Flex vertical gap={2}>
            <Flex gap={6} align="center" wrap>
              <Typography.Text data-testid="judge-email">{judge.user.email}</Typography.Text>
              {judge.origin === 'public' && <Tag>{t('fromPublicLink')}</Tag>}
            </Flex>
            {name && <Typography.Text type="secondary">{name}</Typography.Text>}
          </Flex>
        );
      },
    },
    // Two states side by side, each under its own header: whether the address is proven, and how far
    // the judge has got. "Pending" there and "Answered" here do not contradict each other.
    {
      key: 'verification',
      title: (
        <Tooltip title={t('emailCheck.hint', { ns: 'translation' })}>{t('columns.verification')}</Tooltip>
      ),
      render: (_, judge) => <VerificationTag status={judge.user.email_verification_status} />,
    },
    { key: 'status', title: t('columns.status'), render: (_, judge) => <JudgeStatusTag judge={judge} /> },
    {
      key: 'items',
      title: t('columns.items'),
      render: (_, judge) =>
        isSubset ? (
          <Button size="small" onClick={() => setItemsOf(judge)} data-testid="judge-items">
            {t('itemsCount', { count: judge.nb_datasets })}
          </Button>
        ) : (
          t('itemsCount', { count: judge.nb_datasets })
        ),
    },
    {
      key: 'conflicts',
      title: t('columns.conflicts'),
      render: (_, judge) => (
        <Button
          size="small"
          danger={conflictCount(judge.user.id) > 0}
          onClick={() => setConflictsOf(judge)}
          data-testid="judge-conflicts"
        >
          {t('conflicts.count', { count: conflictCount(judge.user.id) })}
        </Button>
      ),
    },
    {
      key: 'invitations',
      title: t('columns.invitations'),
      render: (_, judge) => <InviteButton issueId={issueId} judge={judge} />,
    },
    {
      key: 'actions',
      title: t('columns.actions'),
      render: (_, judge) => (
        <JudgeActions
          issueId={issueId}
          judge={judge}
          onCopyAccess={isSubset ? () => setCopyTo(judge) : undefined}
        />
      ),
    },
  ];

  return (
    <>
      <Typography.Text type="secondary">{page && t('count', { count: page.count })}</Typography.Text>
      <Table<Judge>
        rowKey="id"
        columns={columns}
        scroll={{ x: 'max-content' }}
        dataSource={page?.results}
        loading={isLoading}
        onRow={(judge) =>
          ({ 'data-testid': `judge-row-${judge.user.email}` }) as React.HTMLAttributes<HTMLElement>
        }
        locale={{ emptyText: <Empty description={t(isFiltered ? 'emptyFiltered' : 'empty')} /> }}
        pagination={{
          current,
          pageSize: DEFAULT_PAGE_SIZE,
          total: page?.count ?? 0,
          showSizeChanger: false,
          hideOnSinglePage: true,
          onChange: onPageChange,
        }}
        data-testid="judges-table"
      />
      <ItemAccessDrawer issueId={issueId} judge={itemsOf} onClose={() => setItemsOf(null)} />
      <CopyAccessDialog issueId={issueId} judge={copyTo} onClose={() => setCopyTo(null)} />
      <ConflictsDrawer issueId={issueId} judge={conflictsOf} onClose={() => setConflictsOf(null)} />
    </>
  );
}
