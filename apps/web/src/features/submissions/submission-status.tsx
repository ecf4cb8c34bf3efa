import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format';
import type { DraftLink } from './api';
import { submissionStatusQuery } from './public-form-query';
import './status-i18n';

/**
 * On the respondent's edit link: whether their response was submitted, and the decision once a
 * decisions mailing has sent it (never a pending one: the server does not tell it). Above the response
 * itself (`editUntil`: the form's closing date, null when it cannot be changed), what the decision leaves
 * to do: nothing once declined, a change until the date otherwise.
 */
export function SubmissionStatus({ draft, editUntil }: { draft: DraftLink; editUntil?: string | null }) {
  const { t, i18n } = useTranslation('submissionStatus');
  const status = useQuery(submissionStatusQuery(draft));
  if (!status.data) return null;
  const { is_submitted, submit_time, decision, decision_time } = status.data;
  return (
    <div className="sl-notice" role="status" data-testid="submission-status">
      <p>
        {is_submitted && submit_time
          ? t('submitted', { date: formatDateTime(submit_time, i18n.language) })
          : t('draft')}
      </p>
      {decision && (
        <p data-testid="submission-decision">
          <strong>{t(`decision.${decision}`)}</strong>
          {decision_time && ` — ${t('decisionTime', { date: formatDateTime(decision_time, i18n.language) })}`}
        </p>
      )}
      {decision && editUntil !== undefined && (decision === 'declined' || editUntil) && (
        <p data-testid="after-decision">
          {t(`afterDecision.${decision}`, { date: editUntil && formatDateTime(editUntil, i18n.language) })}
        </p>
      )}
    </div>
  );
}
