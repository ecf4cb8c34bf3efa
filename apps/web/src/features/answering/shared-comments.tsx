import type { IssueComment, IssueQuestion } from '@shortlist/contract';
import { useId } from 'react';
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
  const headingId = useId();
  if (comments.length === 0) return null;
  const titleOf = (id: number | null) => questions.find((q) => q.id === id)?.title;
  return (
    <section aria-labelledby={headingId}>
      <p id={headingId} className="sl-muted">
        {t('sharedComments')}
      </p>
      <ul className="sl-shared-comments">
        {comments.map((comment) => (
          <li key={comment.id} data-testid="shared-comment">
            <strong>{comment.user_fullname || t('aJudge')}</strong>
            {titleOf(comment.question) && <span className="sl-muted"> ({titleOf(comment.question)})</span>}
            <span className="sl-pre-line">: {comment.content}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
