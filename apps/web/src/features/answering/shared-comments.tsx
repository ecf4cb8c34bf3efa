import type { IssueComment, IssueQuestion } from '@shortlist/contract';
import { List, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

/** What other judges chose to share about this item, with their full names (and the criterion). */
export function SharedComments({
  comments,
  questions,
}: {
  comments: IssueComment[];
  questions: IssueQuestion[];
}) {
  const { t } = useTranslation('answering');
  if (comments.length === 0) return null;
  const titleOf = (id: number | null) => questions.find((q) => q.id === id)?.title;
  return (
    <List
      size="small"
      header={<Typography.Text type="secondary">{t('sharedComments')}</Typography.Text>}
      dataSource={comments}
      renderItem={(comment) => (
        <List.Item data-testid="shared-comment">
          <Typography.Text strong>{comment.user_fullname || t('aJudge')}</Typography.Text>
          {titleOf(comment.question) && (
            <Typography.Text type="secondary"> ({titleOf(comment.question)})</Typography.Text>
          )}
          <span className="sl-pre-line">: {comment.content}</span>
        </List.Item>
      )}
    />
  );
}
