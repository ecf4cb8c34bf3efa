import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format';
import type { Outcome } from './use-submit-flow';
import './status-i18n';

/** The address that reopens the responses, to open or copy. */
function EditLink({ link }: { link: string }) {
  const { t } = useTranslation('submissions');
  const [isCopied, setCopied] = useState(false);
  const copy = () =>
    navigator.clipboard.writeText(link).then(
      () => setCopied(true),
      () => setCopied(false),
    );
  return (
    <p className="sl-edit-link">
      <a href={link} data-testid="edit-link">
        {link}
      </a>{' '}
      <button type="button" className="sl-button sl-button-small" onClick={() => void copy()}>
        {t('copyLink')}
      </button>{' '}
      <span role="status">{isCopied ? t('copied') : ''}</span>
    </p>
  );
}

/** A page's end: its title and what follows, announced when it replaces the form. */
function Result({ title, children, testId }: { title?: string; children?: React.ReactNode; testId: string }) {
  return (
    <section className="sl-result" role="status" data-testid={testId}>
      {title && <h2 className="sl-result-title">{title}</h2>}
      {children}
    </section>
  );
}

export function AlreadySubmitted() {
  const { t } = useTranslation('submissions');
  return <Result title={t('alreadySubmitted')} testId="already-submitted" />;
}

/** After sending: the form's own message or a default thanks; after a save, the link to come back. */
export function OutcomeView({
  outcome,
  afterSubmitMessage,
}: {
  outcome: Outcome;
  afterSubmitMessage: string;
}) {
  const { t, i18n } = useTranslation('submissions');
  const { t: ts } = useTranslation('submissionStatus');
  if (outcome.action === 'alreadySubmitted') return <AlreadySubmitted />;
  if (outcome.action === 'save') {
    return (
      <Result title={t('savedTitle')} testId="form-saved">
        <p>{t('savedHint')}</p>
        <EditLink link={outcome.editLink} />
      </Result>
    );
  }
  return (
    <Result title={afterSubmitMessage ? undefined : t('thanks')} testId="form-submitted">
      {afterSubmitMessage && <p className="sl-pre-wrap sl-result-message">{afterSubmitMessage}</p>}
      {outcome.edit && (
        <div data-testid="edit-until">
          <p>{t('editUntilHint', { date: formatDateTime(outcome.edit.until, i18n.language) })}</p>
          <EditLink link={outcome.edit.link} />
          <p>{ts('editLinkMailed')}</p>
        </div>
      )}
    </Result>
  );
}
