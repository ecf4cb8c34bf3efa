import { REVIEW_COMMENT_MAX_LENGTH, type ReviewComment } from '@shortlist/contract';
import { App, Button, Drawer, Empty, Flex, Form, Input, Spin, Typography } from 'antd';
import type { KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { toFormErrors } from '../../lib/api-errors';
import { formatDateTime } from '../../lib/i18n/format';
import { LoadError } from '../../lib/layout/load-error';
import { ConfirmDeleteButton } from './confirm-delete-button';
import { type ReviewTarget, useReview } from './use-review';
import './resources';

const authorName = (creator: ReviewComment['creator']) =>
  creator && ([creator.first_name, creator.last_name].filter(Boolean).join(' ') || creator.email);

export interface ReviewCommentsDrawerProps {
  /** The item (in a selection) whose review's comments are shown. */
  review: ReviewTarget;
  isOpen: boolean;
  onClose(): void;
}

/**
 * An item's review comments in a drawer: read, add and delete them. It holds the review's query and
 * mutations, not the row's button: a table of 20 rows builds them only for the drawers opened.
 */
export function ReviewCommentsDrawer({ review, isOpen, onClose }: ReviewCommentsDrawerProps) {
  const { t, i18n } = useTranslation('reviews');
  const target = useReview(review, { withComments: isOpen });
  const { message } = App.useApp();
  const [form] = Form.useForm<{ content: string }>();
  const comments = target.review.data?.comments;

  const handleAdd = ({ content }: { content: string }) =>
    target.addComment.mutate(content.trim(), {
      onSuccess: () => form.resetFields(),
      onError: (error) => {
        const errors = toFormErrors(error, ['content'] as const);
        if (errors?.fields.length) form.setFields(errors.fields);
        else void message.error(t('common.error', { ns: 'translation' }));
      },
    });

  const handleKeyDown = (event: KeyboardEvent) => {
    if (event.key === 'Enter' && (event.ctrlKey || event.metaKey)) form.submit();
  };

  const handleDelete = (comment: ReviewComment) =>
    target.deleteComment
      .mutateAsync(comment.id)
      .catch(() => void message.error(t('common.error', { ns: 'translation' })));

  const renderComments = () => {
    if (target.id === undefined)
      return <Empty description={t('noComments')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
    if (target.review.isError) return <LoadError onRetry={() => void target.review.refetch()} />;
    if (!comments) return <Spin />;
    if (comments.length === 0)
      return <Empty description={t('noComments')} image={Empty.PRESENTED_IMAGE_SIMPLE} />;
    return (
      <Flex vertical gap={16} data-testid="review-comments">
        {comments.map((comment) => (
          <div key={comment.id}>
            <Flex justify="space-between" align="center" gap={8}>
              <Typography.Text strong ellipsis title={comment.creator?.email}>
                {authorName(comment.creator) ?? t('deletedUser')}
              </Typography.Text>
              <Flex align="center" gap={4}>
                <Typography.Text type="secondary">
                  {formatDateTime(comment.create_time, i18n.language)}
                </Typography.Text>
                <ConfirmDeleteButton
                  type="text"
                  size="small"
                  label={t('deleteComment')}
                  onConfirm={() => handleDelete(comment)}
                />
              </Flex>
            </Flex>
            <Typography.Paragraph className="sl-pre-line" style={{ marginBottom: 0 }}>
              {comment.content}
            </Typography.Paragraph>
          </div>
        ))}
      </Flex>
    );
  };

  return (
    <Drawer open={isOpen} onClose={onClose} title={t('commentsTitle')} size={420} destroyOnHidden>
      {renderComments()}
      <Form form={form} layout="vertical" onFinish={handleAdd} style={{ marginTop: 24 }}>
        <Form.Item
          name="content"
          label={t('newComment')}
          rules={[{ required: true, whitespace: true, message: t('commentRequired') }]}
        >
          <Input.TextArea
            autoSize={{ minRows: 3, maxRows: 8 }}
            maxLength={REVIEW_COMMENT_MAX_LENGTH}
            showCount
            onKeyDown={handleKeyDown}
            data-testid="review-comment-input"
          />
        </Form.Item>
        <Button
          type="primary"
          htmlType="submit"
          loading={target.addComment.isPending}
          data-testid="add-review-comment"
        >
          {t('addComment')}
        </Button>
      </Form>
    </Drawer>
  );
}
