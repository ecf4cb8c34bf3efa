import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../app/i18n/format';
import type { Outcome } from './use-submit-flow';

/** The address that reopens the responses, to open or copy. */
function EditLink({ link }: { link: string }) {
  const { t } = useTranslation('formRespond');
  return (
    <Typography.Paragraph
      copyable={{ text: link, tooltips: [t('copyLink'), t('copied')] }}
      style={{ textAlign: 'center', wordBreak: 'break-all' }}
    >
      <a href={link} data-testid="edit-link">
        {link}
      </a>
    </Typography.Paragraph>
  );
}

export function AlreadySubmitted() {
  const { t } = useTranslation('formRespond');
  return <Result status="info" title={t('alreadySubmitted')} data-testid="already-submitted" />;
}

/** After sending: the form's own message or a default thanks; after a save, the link to come back. */
export function OutcomeView({
  outcome,
  afterSubmitMessage,
}: {
  outcome: Outcome;
  afterSubmitMessage: string;
}) {
  const { t, i18n } = useTranslation('formRespond');
  if (outcome.action === 'alreadySubmitted') return <AlreadySubmitted />;
  if (outcome.action === 'save') {
    return (
      <Result status="success" title={t('savedTitle')} subTitle={t('savedHint')} data-testid="form-saved">
        <EditLink link={outcome.editLink} />
      </Result>
    );
  }
  return (
    <Result
      status="success"
      title={afterSubmitMessage ? undefined : t('thanks')}
      subTitle={
        afterSubmitMessage && (
          <Typography.Paragraph style={{ whiteSpace: 'pre-wrap', fontSize: 16 }}>
            {afterSubmitMessage}
          </Typography.Paragraph>
        )
      }
      data-testid="form-submitted"
    >
      {outcome.edit && (
        <div data-testid="edit-until">
          <Typography.Paragraph style={{ textAlign: 'center' }}>
            {t('editUntilHint', { date: formatDateTime(outcome.edit.until, i18n.language) })}
          </Typography.Paragraph>
          <EditLink link={outcome.edit.link} />
        </div>
      )}
    </Result>
  );
}
