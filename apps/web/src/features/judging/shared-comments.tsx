import type { IssueComment, IssueQuestion } from '@shortlist/contract';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import './resources';

interface SharedCommentsProps {
  comments: IssueComment[];
  questions: IssueQuestion[];
}

/** What other judges chose to share about this item; nothing, and no hooks, for most items. */
export function SharedComments(props: SharedCommentsProps) {
  return props.comments.length === 0 ? null : <SharedCommentList {...props} />;
}

/** The shared comments with their judges' full names, or "Judge A" where names are hidden (and the criterion). */
function SharedCommentList({ comments, questions }: SharedCommentsProps) {
  const { t } = useTranslation('judging');
  const headingId = useId();
  const titleOf = (id: number | null) => questions.find((q) => q.id === id)?.title;
  return (
    <section aria-labelledby={headingId}>
      <p id={headingId} className="sl-muted">
        {t('sharedComments')}
      </p>
      <ul className="sl-shared-comments">
        {comments.map((comment) => (
          <li key={comment.id} data-testid="shared-comment">
            <strong>
              {comment.pseudonym !== null
                ? t('judgeNamed', { letters: comment.pseudonym })
                : comment.user_fullname || t('aJudge')}
            </strong>
            {titleOf(comment.question) && <span className="sl-muted"> ({titleOf(comment.question)})</span>}
            <span className="sl-pre-line">: {comment.content}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
