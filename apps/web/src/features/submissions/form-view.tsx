import { ALREADY_SUBMITTED, INVALID_EDIT_LINK, NOT_PUBLISHED, type PublicForm } from '@shortlist/contract';
import { useQuery } from '@tanstack/react-query';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { Loading } from '../../lib/plain/loading';
import type { DraftLink } from './api';
import { FormLanguage } from './form-language';
import { publicFormQuery, readDraftLink } from './public-form-query';
import { RespondForm } from './respond-form';
import { SanitizedHtml } from './sanitized-html';
import type { Outcome } from './use-submit-flow';
import '../../lib/plain/plain.css';
import './form-respond.css';

// Shown once the form is sent (or was already): not part of what a respondent downloads to start.
const OutcomeView = lazy(() => import('./outcome-view').then((m) => ({ default: m.OutcomeView })));
const AlreadySubmitted = lazy(() => import('./outcome-view').then((m) => ({ default: m.AlreadySubmitted })));
// Only on an edit link.
const SubmissionStatus = lazy(() =>
  import('./submission-status').then((m) => ({ default: m.SubmissionStatus })),
);

/** Why the form is not shown: the spec's error, or its info message for a form not published. */
function LoadError({ error }: { error: Error }) {
  const { t } = useTranslation('submissions');
  const navigate = useNavigate();
  const code = error instanceof ApiError ? error.code : null;
  return (
    <section className="sl-result" data-testid="form-load-error">
      <h1 className="sl-result-title">
        {t(
          code === NOT_PUBLISHED
            ? 'notPublished'
            : code === INVALID_EDIT_LINK
              ? 'submissionLoadError'
              : 'loadError',
        )}
      </h1>
      {code === NOT_PUBLISHED && <p className="sl-result-message">{t('notPublishedHint')}</p>}
      <button
        type="button"
        className="sl-button"
        onClick={() => (window.history.length > 1 ? navigate(-1) : navigate('/'))}
      >
        {t('back')}
      </button>
    </section>
  );
}

function FormPage({
  form,
  preview,
  draft,
  onReload,
}: {
  form: PublicForm;
  preview: boolean;
  draft: DraftLink | null;
  onReload(): void;
}) {
  const { t } = useTranslation('submissions');
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  return (
    // The bottom room keeps the floating contact button off the form's buttons on a phone.
    <div
      className={preview ? 'sl-public-form' : 'sl-public-form sl-public-form-page'}
      data-testid="public-form"
    >
      {form.css_theme && <link rel="stylesheet" href={form.css_theme} precedence="default" />}
      {form.page_header && <SanitizedHtml className="sl-page-header" html={form.page_header} />}
      <h1 className="sl-public-title">{form.title}</h1>
      {!form.published && (
        <div className="sl-notice sl-notice-warning" role="status">
          {t('unpublished')}
        </div>
      )}
      {draft && !outcome && (
        <Suspense fallback={null}>
          <SubmissionStatus draft={draft} editUntil={form.edit_until} />
        </Suspense>
      )}
      {outcome ? (
        <Suspense fallback={<Loading />}>
          <OutcomeView outcome={outcome} afterSubmitMessage={form.after_submit_message} />
        </Suspense>
      ) : (
        <>
          {form.description && <SanitizedHtml className="sl-form-description" html={form.description} />}
          <RespondForm
            form={form}
            preview={preview}
            draft={draft}
            onOutcome={setOutcome}
            onReload={onReload}
          />
        </>
      )}
    </div>
  );
}

/**
 * A public form as respondents see it, in the form's language: the page at /forms/:id, and the
 * admin's preview tab (`preview` hides the captcha and the buttons). Plain HTML and its own styles
 * (form-respond.css): a respondent's phone downloads no Ant Design (docs/performance.md).
 */
export function FormView({ formId, preview = false }: { formId: number; preview?: boolean }) {
  const [params] = useSearchParams();
  const draft = preview ? null : readDraftLink(params);
  const query = useQuery(publicFormQuery(formId, draft));

  if (query.isPending) return <Loading />;
  if (query.isError) {
    if (query.error instanceof ApiError && query.error.code === ALREADY_SUBMITTED)
      return (
        <Suspense fallback={<Loading />}>
          {draft && <SubmissionStatus draft={draft} />}
          <AlreadySubmitted />
        </Suspense>
      );
    return <LoadError error={query.error} />;
  }
  return (
    <FormLanguage language={query.data.language_code}>
      <FormPage form={query.data} preview={preview} draft={draft} onReload={() => void query.refetch()} />
    </FormLanguage>
  );
}
