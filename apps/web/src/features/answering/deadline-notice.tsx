import type { AnswerViewIssue } from '@shortlist/contract';
import { useTranslation } from 'react-i18next';

/** The selection's deadline in the judge's language and time zone, named with it; nothing without one. */
export function DeadlineNotice({
  issue,
}: {
  issue: Pick<AnswerViewIssue, 'deadline' | 'keep_open_after_deadline'>;
}) {
  const { t, i18n } = useTranslation('answering');
  if (!issue.deadline) return null;
  const deadline = new Date(issue.deadline);
  const date = new Intl.DateTimeFormat(i18n.language, {
    weekday: 'long',
    year: 'numeric',
    month: 'long',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
    timeZoneName: 'short',
  }).format(deadline);
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
