import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useParams } from 'react-router';
import { CaptchaWidget } from '../../lib/captcha/captcha-widget';
import { useDocumentTitle } from '../../lib/layout/use-document-title';
import { Field } from '../../lib/plain/field';
import { Loading } from '../../lib/plain/loading';
import { TeamHeader } from './team-header';
import { usePublicLink } from './use-public-link';
import '../../lib/plain/plain.css';
import './answering.css';
import './resources';

/** `/selection/:id/public`: a stranger asks for their personal link to a public selection. Plain HTML. */
export function PublicPage() {
  const { id } = useParams();
  const { t } = useTranslation('judging');
  const flow = usePublicLink(Number(id) || 0);
  const { info, step } = flow;
  useDocumentTitle(info.data?.title);

  if (info.isPending) return <Loading />;
  if (!info.data)
    return (
      <section className="sl-result" data-testid="public-unavailable">
        <h1 className="sl-result-title">{t('public.unavailable')}</h1>
      </section>
    );
  return (
    <div className="sl-answer-page">
      <TeamHeader image={info.data.team_img} header={info.data.team_custom_header} />
      <h1 className="sl-public-title">{info.data.title}</h1>
      {info.data.description && <p className="sl-pre-line">{info.data.description}</p>}
      <div className="sl-answer-panel" aria-busy={flow.isSending}>
        {flow.error && (
          <p className="sl-notice sl-notice-error" role="alert" data-testid="public-error">
            {flow.error}
          </p>
        )}
        {step === 'captcha' && !info.data.captcha && <Loading />}
        {step === 'captcha' && info.data.captcha && (
          <>
            <p>{t('public.captchaStep')}</p>
            <CaptchaWidget onChange={flow.handleCaptcha} resetKey={flow.captchaKey} />
            {flow.isSending && <Loading />}
          </>
        )}
        {step === 'email' && (
          <EmailStep
            initial={flow.email}
            isLinkMailed={info.data.email_link}
            isSending={flow.isSending}
            onSubmit={flow.submitEmail}
          />
        )}
        {step === 'sent' && (
          <p className="sl-result sl-result-message" role="status" data-testid="public-sent">
            {t('public.emailSent', { email: flow.email })}
          </p>
        )}
      </div>
    </div>
  );
}

/**
 * The address, checked when sent (the contract's check, loaded then, in the public form's words), its
 * message tied to it.
 */
function EmailStep({
  initial,
  isLinkMailed,
  isSending,
  onSubmit,
}: {
  initial: string;
  isLinkMailed: boolean;
  isSending: boolean;
  onSubmit(email: string): void;
}) {
  const { t } = useTranslation('judging');
  const { t: tf } = useTranslation('submissions');
  const [email, setEmail] = useState(initial);
  const [message, setMessage] = useState<string | null>(null);
  const submit = async (event: FormEvent) => {
    event.preventDefault();
    // The checks alone (not the public form's page with them); without them (a failed download) the
    // server's own check answers.
    const checks = await import('../submissions/checks').catch(() => null);
    const error = checks?.emailError(email, tf) ?? null;
    setMessage(error);
    if (!error) onSubmit(email.trim());
  };
  return (
    // The browser's own check would speak its language, not the page's.
    <form noValidate onSubmit={(event) => void submit(event)}>
      <p>{isLinkMailed ? t('public.emailStep') : t('public.emailStepNoLink')}</p>
      <Field id="public-email" label={t('public.email')} required message={message ?? undefined}>
        {(control) => (
          <input
            {...control}
            className="sl-input"
            type="email"
            autoComplete="email"
            // biome-ignore lint/a11y/noAutofocus: the one field of the step the judge just reached
            autoFocus
            value={email}
            onChange={(event) => setEmail(event.target.value)}
            data-testid="public-email"
          />
        )}
      </Field>
      <button
        type="submit"
        className="sl-button sl-button-primary"
        disabled={isSending}
        aria-busy={isSending}
        data-testid="public-submit"
      >
        {isLinkMailed ? t('public.getLink') : t('public.start')}
      </button>
    </form>
  );
}
