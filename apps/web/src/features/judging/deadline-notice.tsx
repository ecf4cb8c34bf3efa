import { type AnswerViewIssue, formatDeadline } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';
import './resources';

/** The selection's deadline in the judge's language and time zone, named with it; nothing without one. */
export function DeadlineNotice({
  issue,
}: {
  issue: Pick<AnswerViewIssue, 'deadline' | 'keep_open_after_deadline'>;
}) {
  const { t, i18n } = useTranslation('judging');
  if (!issue.deadline) return null;
  const deadline = new Date(issue.deadline);
  // The format of the judge's mails (the contract's), in the judge's own time zone.
  const date = formatDeadline(deadline, i18n.language);
  const hasPassed = deadline.getTime() <= Date.now();
  const text = hasPassed
    ? t('deadlinePassed', { date })
    : issue.keep_open_after_deadline
      ? t('deadline', { date })
      : t('deadlineCloses', { date });
  return (
    <p
      className={`sl-notice ${hasPassed ? 'sl-notice-warning' : 'sl-notice-info'}`}
      data-testid="answer-deadline"
    >
      {text}
    </p>
  );
}
