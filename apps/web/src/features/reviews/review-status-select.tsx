import { DownOutlined } from '@ant-design/icons';
import type { Review } from '@shortlist/contract';
import { App, Button, Select } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ReviewStatusTag } from './review-status-tag';
import { useReview } from './use-review';
import { useReviewStatuses } from './use-review-statuses';
import './resources';

/** The value of 'Not reviewed' in the select (ids are positive). */
const NO_STATUS = 0;
/** The button and the select it becomes take the same room in a row. */
const WIDTH = { minWidth: 140, maxWidth: 220 };

export interface ReviewStatusSelectProps {
  teamId: number;
  datasetId: number;
  issueId?: number | null;
  review: { id: number; status: Review['status'] } | undefined;
}

/**
 * The status chooser of an item: 'Not reviewed' until a status is chosen; the first choice creates
 * the review, later ones change it. A table shows one a row: each row draws a button with the status
 * until it is pressed (click, Enter or Space), and only then the select, opened, which a table of 20
 * rows would otherwise build 20 times before its first paint (docs/performance.md, admin pages).
 */
export function ReviewStatusSelect(props: ReviewStatusSelectProps) {
  const [isChoosing, setChoosing] = useState(false);
  if (isChoosing) return <StatusChooser {...props} />;
  return <StatusButton {...props} onPress={() => setChoosing(true)} />;
}

/** A row's status as a button; `onPress` absent, it waits (the select comes once the statuses have). */
function StatusButton({ datasetId, review, onPress }: ReviewStatusSelectProps & { onPress?: () => void }) {
  const { t } = useTranslation('reviews');
  const status = review?.status;
  return (
    <Button
      size="small"
      onClick={onPress}
      loading={!onPress}
      aria-haspopup="listbox"
      aria-label={t('statusOf', { status: status?.label ?? t('notReviewed') })}
      style={{ ...WIDTH, justifyContent: 'space-between' }}
      data-testid={`review-status-select-${datasetId}`}
    >
      {status ? <ReviewStatusTag status={status} /> : t('notReviewed')}
      <DownOutlined style={{ fontSize: 10, color: 'rgba(0, 0, 0, 0.25)' }} />
    </Button>
  );
}

/**
 * The select itself, opened and focused when it replaces the row's button, once the team's statuses are
 * loaded: a list that grew under the pointer would take a click meant for another status.
 */
function StatusChooser(props: ReviewStatusSelectProps) {
  const { teamId, datasetId, issueId = null, review } = props;
  const { t } = useTranslation('reviews');
  const { message } = App.useApp();
  const statuses = useReviewStatuses(teamId);
  const { setStatus } = useReview({ datasetId, issueId, reviewId: review?.id });
  const current = review?.status?.id ?? NO_STATUS;
  const value = setStatus.isPending ? (setStatus.variables ?? NO_STATUS) : current;
  if (statuses.isPending) return <StatusButton {...props} />;

  const handleChange = (statusId: number) => {
    if (statusId === current) return;
    setStatus.mutate(statusId === NO_STATUS ? null : statusId, {
      onError: () => void message.error(t('statusFailed')),
    });
  };

  const options = [
    { value: NO_STATUS, label: t('notReviewed') },
    ...(statuses.data ?? []).map((status) => ({
      value: status.id,
      label: <ReviewStatusTag status={status} />,
    })),
  ];
  // A status deleted meanwhile still shows under its last known label until the table reloads.
  if (review?.status && !statuses.data?.some((s) => s.id === review.status?.id)) {
    options.push({ value: review.status.id, label: <ReviewStatusTag status={review.status} /> });
  }

  return (
    <Select<number>
      size="small"
      value={value}
      options={options}
      onChange={handleChange}
      loading={statuses.isPending || setStatus.isPending}
      disabled={setStatus.isPending}
      popupMatchSelectWidth={false}
      style={WIDTH}
      defaultOpen
      autoFocus
      aria-label={t('statusLabel')}
      data-testid={`review-status-select-${datasetId}`}
    />
  );
}
