import { type Decision, HONEYPOT_FIELD, type PublicForm } from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import { Fragment, lazy, Suspense, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '../../lib/i18n/format';
import { Field } from '../../lib/plain/field';
import { answerText, initialAnswers } from './answers';
import type { DraftLink } from './api';
import { loadChecks } from './load-checks';
import { submissionStatusQuery } from './public-form-query';
import { QuestionField } from './question-field';
import { useRespondState } from './use-respond-state';
import { type Outcome, useSubmitFlow } from './use-submit-flow';
import { placeSections, visibleQuestionIds } from './visibility';

// Only needed to send: downloaded while the respondent reads the first question, not before it shows.
const CaptchaWidget = lazy(() =>
  import('../../lib/captcha/captcha-widget').then((m) => ({ default: m.CaptchaWidget })),
);

interface RespondFormProps {
  form: PublicForm;
  preview: boolean;
  draft: DraftLink | null;
  onOutcome(outcome: Outcome): void;
  onReload(): void;
}

function SectionTitle({ text, body }: { text: string; body: string }) {
  return (
    <div className="sl-form-section">
      <h2 className="sl-form-section-title">{text}</h2>
      {body && <p className="sl-pre-wrap">{body}</p>}
    </div>
  );
}

/**
 * The decision sent on the submitted response this edit link opens: null without one (or when it cannot be
 * read), undefined until it is known.
 */
function useSentDecision(form: PublicForm, draft: DraftLink | null): Decision | null | undefined {
  const isSubmitted = Boolean(draft && form.submission?.is_submitted);
  const status = useQuery({
    ...submissionStatusQuery(draft ?? { submission: 0, token: '' }),
    enabled: isSubmitted,
  });
  if (!isSubmitted || status.isError) return null;
  return status.data?.decision;
}

/** The e-mail, the questions with their sections and conditions, the captcha and the buttons. */
export function RespondForm({ form, preview, draft, onOutcome, onReload }: RespondFormProps) {
  const { t, i18n } = useTranslation('submissions');
  const initial = useMemo(
    () => ({
      email: form.submission?.email ?? '',
      answers: initialAnswers(form.questions, form.submission?.datum_values),
    }),
    [form.questions, form.submission],
  );
  const state = useRespondState(initial);
  const flow = useSubmitFlow({ form, state, draft, onOutcome, onReload });
  const { answers } = state.values;
  const visible = visibleQuestionIds(
    form.questions,
    new Map(form.questions.map((question) => [question.id, answerText(answers[question.id])])),
  );
  const sections = placeSections(form.questions, form.titles);
  const isEditingDraft = Boolean(form.submission);
  const isEditingSubmitted = Boolean(form.submission?.is_submitted);
  const decision = useSentDecision(form, draft);
  // Once declined, the response is shown as sent: no invitation to change it, no buttons. A decision's
  // own words are the status's (SubmissionStatus); without one, the invitation is this notice.
  const isClosed = decision === 'declined';
  const canSend = !preview && form.published && decision !== undefined && !isClosed;
  const messageOf = (name: string) => state.messages[name]?.join(' ');
  // A formatted answer is told as soon as it is left.
  const checkQuestion = (id: number) => {
    const question = form.questions.find((each) => each.id === id);
    if (!question) return;
    void loadChecks().then(({ formatError }) => {
      const error = formatError(question, answers[id], t);
      if (error) state.showMessages({ [id]: [error] });
    });
  };
  // The e-mail is told as it is typed, so that nothing moves under the next tap (the captcha's box).
  // Checks run in the order typed once loaded: the last one decides.
  const changeEmail = (email: string) => {
    state.setEmail(email);
    void loadChecks().then(({ emailError }) => {
      const error = emailError(email, t);
      if (error) state.showMessages({ email: [error] });
      else state.clearMessage('email');
    });
  };

  return (
    <form
      className="sl-respond-form"
      // The browser's own checks would speak its language, not the form's, and hide the rest.
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        void flow.send('submit');
      }}
      aria-busy={flow.isSaving}
      data-testid="respond-form"
    >
      {/* While sending, nothing can be changed; the fieldset disables every control at once. */}
      <fieldset className="sl-respond-fields" disabled={flow.isSaving || isClosed}>
        {isEditingSubmitted && form.edit_until && decision === null && (
          <div className="sl-notice sl-notice-info" role="status" data-testid="editing-submitted">
            {t('editingSubmitted', { date: formatDateTime(form.edit_until, i18n.language) })}
          </div>
        )}
        {!isEditingDraft && (
          <Field id="respondent-email" label={t('email')} required message={messageOf('email')}>
            {(control) => (
              <input
                {...control}
                className="sl-input"
                type="email"
                autoComplete="email"
                value={state.values.email}
                onChange={(event) => changeEmail(event.target.value)}
                data-testid="respondent-email"
              />
            )}
          </Field>
        )}
        {/* A person never sees this field; a bot filling every input does, and is refused. */}
        <div aria-hidden="true" className="sl-honeypot">
          <label>
            {t('honeypot')}
            <input
              tabIndex={-1}
              autoComplete="off"
              value={state.values[HONEYPOT_FIELD] ?? ''}
              onChange={(event) => state.setHoneypot(event.target.value)}
            />
          </label>
        </div>
        {form.questions.map((question) => (
          <Fragment key={question.id}>
            {sections.above.get(question.id)?.map((section) => (
              <SectionTitle key={section.id} text={section.text} body={section.body} />
            ))}
            <div hidden={!visible.has(question.id)}>
              <QuestionField
                question={question}
                value={answers[question.id]}
                message={messageOf(String(question.id))}
                onChange={state.setAnswer}
                onBlur={checkQuestion}
              />
            </div>
          </Fragment>
        ))}
        {sections.atEnd.map((section) => (
          <SectionTitle key={section.id} text={section.text} body={section.body} />
        ))}
      </fieldset>
      {canSend && (
        <div className="sl-respond-send">
          <div className="sl-captcha-slot">
            <Suspense fallback={null}>
              <CaptchaWidget onChange={flow.handleCaptchaChange} resetKey={flow.captchaKey} />
            </Suspense>
          </div>
          {flow.captchaError && (
            <div className="sl-notice sl-notice-error" role="alert">
              {flow.captchaError}
            </div>
          )}
          {flow.uploadPercent !== null && (
            <label className="sl-upload">
              {t('uploading')}
              <progress max={100} value={flow.uploadPercent} data-testid="upload-progress" />
            </label>
          )}
          {flow.notice && (
            <div className="sl-notice sl-notice-error" role="alert" data-testid="form-notice">
              {flow.notice}
            </div>
          )}
          <div className="sl-actions">
            {/* A submitted response stays submitted: it can be changed, not taken back to a draft. */}
            {form.allow_partial_save && !isEditingSubmitted && (
              <button
                type="button"
                className="sl-button"
                onClick={() => void flow.send('save')}
                disabled={!flow.captcha || flow.isSaving}
                data-testid="save-partial"
              >
                {t('save')}
              </button>
            )}
            <button
              type="submit"
              className="sl-button sl-button-primary"
              disabled={!flow.captcha || flow.isSaving}
              data-testid="submit-form"
            >
              {t('submit')}
            </button>
          </div>
        </div>
      )}
    </form>
  );
}
