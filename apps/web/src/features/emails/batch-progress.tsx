import type { BatchProgress as Counts } from '@shortlist/contract';
import { Progress, type ProgressProps } from 'antd';

const percentOf = (part: number, total: number) => (total ? Math.round((part / total) * 100) : 0);

/** A batch's e-mails done out of all: sent in green, failed in red, still to go left empty. */
export function BatchProgress({ progress, ...props }: { progress: Counts } & ProgressProps) {
  return (
    <Progress
      percent={percentOf(progress.sent + progress.failed, progress.total)}
      success={{ percent: percentOf(progress.sent, progress.total) }}
      strokeColor="#ff4d4f"
      {...props}
    />
  );
}
