import type { AssignAccessResult } from '@shortlist/contract';
import { Button, Card, Drawer, Flex, Typography } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../lib/lazy-dialog';
import { AffinityCard } from './affinity-card';
import { BiddingCard } from './bidding-card';
import { ExpertiseCard } from './expertise-card';
import { PairsTable } from './pairs-table';
import { PlannerCard } from './planner-card';
import { QualityPanel } from './quality-panel';
import { RunForm } from './run-form';
import { SecondWaveCard } from './second-wave-card';
import { useQuality } from './use-assignment';
import './resources';

const InviteAllDialog = lazyDialog(
  () => import('../judges/invite-all-dialog').then((m) => m.InviteAllDialog),
  (props) => props.isOpen,
);

interface AssignDrawerProps {
  issueId: number;
  title: string;
  isOpen: boolean;
  onClose(): void;
}

/**
 * "Assign by expertise", opened over the selection's access tab (`?tab=access&assign=expertise`) and
 * loaded then: in order, the judges' bidding and expertise, where affinities come from, the run, its
 * quality, the pairs adjusted by hand, the invitations, then after the first answers a second wave and the
 * judges planner (issue 54). A drawer rather than a route of its own: every admin
 * page would carry one more route in the router, and a selection's items tab is at its budget's ceiling.
 */
export function AssignDrawer({ issueId, title, isOpen, onClose }: AssignDrawerProps) {
  const { t } = useTranslation('assignment');
  const quality = useQuality(issueId, isOpen);
  const [short, setShort] = useState<AssignAccessResult['short']>([]);
  const [isInviting, setInviting] = useState(false);
  const source = quality.data?.affinity_source ?? null;
  return (
    <Drawer
      open={isOpen}
      onClose={onClose}
      title={`${t('title')} — ${title}`}
      size="min(1100px, 100vw)"
      data-testid="assign-drawer"
    >
      <Typography.Paragraph type="secondary">{t('intro')}</Typography.Paragraph>
      <Flex vertical gap={16}>
        <BiddingCard issueId={issueId} />
        <ExpertiseCard issueId={issueId} />
        <AffinityCard issueId={issueId} source={source} />
        <RunForm issueId={issueId} onDone={(result) => setShort(result.short)} />
        <QualityPanel
          quality={quality.isError ? undefined : (quality.data ?? null)}
          isPending={quality.isPending}
          onRetry={() => void quality.refetch()}
          short={short}
        />
        <PairsTable issueId={issueId} source={source} />
        <Card title={t('invite.title')} data-testid="assign-invite">
          <Flex vertical gap={12} align="start">
            <Typography.Text>{t('invite.intro')}</Typography.Text>
            <Button type="primary" onClick={() => setInviting(true)} data-testid="assign-invite-all">
              {t('invite.button')}
            </Button>
          </Flex>
        </Card>
        <SecondWaveCard issueId={issueId} />
        <PlannerCard issueId={issueId} />
      </Flex>
      <InviteAllDialog issueId={issueId} isOpen={isInviting} onClose={() => setInviting(false)} />
    </Drawer>
  );
}
