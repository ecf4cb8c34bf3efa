import { Result, Typography } from 'antd';
import { useTranslation } from 'react-i18next';
import type { Outcome } from './use-submit-flow';

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
  const { t } = useTranslation('formRespond');
  if (outcome.action === 'alreadySubmitted') return <AlreadySubmitted />;
  if (outcome.action === 'save') {
    return (
      <Result status="success" title={t('savedTitle')} subTitle={t('savedHint')} data-testid="form-saved">
        <Typography.Paragraph
          copyable={{ text: outcome.editLink, tooltips: [t('copyLink'), t('copied')] }}
          style={{ textAlign: 'center', wordBreak: 'break-all' }}
        >
          <a href={outcome.editLink} data-testid="edit-link">
            {outcome.editLink}
          </a>
        </Typography.Paragraph>
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
    />
  );
}
