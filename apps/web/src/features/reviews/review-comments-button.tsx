import { CommentOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { lazyDialog } from '../../lib/lazy-dialog';
import type { ReviewStatusSelectProps } from './review-status-select';
import './resources';

// Its form and drawer load the first time it opens (lib/lazy-dialog.tsx): not with every table of items.
const ReviewCommentsDrawer = lazyDialog(
  () => import('./review-comments-drawer').then((m) => m.ReviewCommentsDrawer),
  (props) => props.isOpen,
);

interface ReviewCommentsButtonProps extends Omit<ReviewStatusSelectProps, 'review'> {
  review: (ReviewStatusSelectProps['review'] & { comments_count: number }) | undefined;
}

/**
 * The comments count of an item's review, as the table read it (a change to the comments reloads the
 * table); opens a drawer to read, add and delete comments.
 */
export function ReviewCommentsButton({ datasetId, issueId = null, review }: ReviewCommentsButtonProps) {
  const { t } = useTranslation('reviews');
  const [isOpen, setOpen] = useState(false);
  const count = review?.comments_count ?? 0;

  return (
    <>
      <Button
        size="small"
        icon={<CommentOutlined />}
        onClick={() => setOpen(true)}
        aria-label={t('commentsCount', { count })}
        data-testid={`review-comments-${datasetId}`}
      >
        {count > 0 ? count : null}
      </Button>
      <ReviewCommentsDrawer
        review={{ datasetId, issueId, reviewId: review?.id }}
        isOpen={isOpen}
        onClose={() => setOpen(false)}
      />
    </>
  );
}
