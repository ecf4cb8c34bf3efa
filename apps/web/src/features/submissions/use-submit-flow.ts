import {
  ALREADY_SUBMITTED,
  type FieldErrors,
  type FormSubmissionAction,
  HONEYPOT_FIELD,
  type PublicForm,
  RESPONSE_DECLINED,
} from '@shortlist/contract';
import type { TFunction } from 'i18next';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { getErrorDetail, getFieldErrors } from '../../lib/api-errors';
import { getStoredLanguage } from '../../lib/i18n/language';
import { type Answers, answerText, toSubmission } from './answers';
import { commitSubmission, type DraftLink, postSubmission, uploadGrantedFile } from './api';
import type { formatError } from './format-check';
import { loadChecks } from './load-checks';
import type { RespondState } from './use-respond-state';
import { visibleQuestionIds } from './visibility';

export type Outcome =
  | { action: 'save'; editLink: string }
  /** With a link and a date when the form lets respondents change a submitted response until then. */
  | { action: 'submit'; edit: { link: string; until: string } | null }
  | { action: 'alreadySubmitted' };

/** The server's "required" in either language it writes (the request's, html lang). */
const isRequiredError = (errors: FieldErrors) =>
  Object.values(errors).some((messages) => messages.some((message) => /required|obligatoire/i.test(message)));

/** The visible required questions left empty, as the server would report them on submit. */
function missingRequired(
  form: PublicForm,
  answers: Answers,
  visible: Set<number>,
  requiredMessage: string,
): FieldErrors {
  const { values } = toSubmission(form.questions, answers, visible);
  const answered = new Set(values.filter((value) => value.file !== null).map((value) => value.datum_field));
  const errors: FieldErrors = {};
  for (const question of form.questions) {
    const value = answers[question.id];
    const hasSavedFile =
      typeof value === 'object' && value !== null && 'saved' in value && Boolean(value.saved);
    if (question.required && visible.has(question.id) && !answered.has(question.id) && !hasSavedFile)
      errors[question.id] = [requiredMessage];
  }
  return errors;
}

/** The visible text answers that do not fit their question's format (checked on save too, like the server). */
function misformatted(
  form: PublicForm,
  answers: Answers,
  visible: Set<number>,
  check: typeof formatError,
  t: TFunction<'submissions'>,
) {
  const errors: FieldErrors = {};
  for (const question of form.questions) {
    const error = visible.has(question.id) && check(question, answers[question.id], t);
    if (error) errors[question.id] = [error];
  }
  return errors;
}

/**
 * The submission protocol of the page: POST the answers (with the captcha), upload each granted
 * file with progress, then commit `save` or `submit`; a failed upload commits `cancel` so that
 * nothing half-made stays. Errors land on their fields, with a notice by the buttons; a 'required'
 * one reloads the form.
 */
export function useSubmitFlow(options: {
  form: PublicForm;
  state: RespondState;
  draft: DraftLink | null;
  onOutcome(outcome: Outcome): void;
  onReload(): void;
}) {
  const { form, state, onOutcome, onReload } = options;
  const { t } = useTranslation('submissions');
  const { t: tc } = useTranslation();
  const draft = useRef<DraftLink | null>(options.draft);
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [captchaError, setCaptchaError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [isSaving, setIsSaving] = useState(false);
  const [uploadPercent, setUploadPercent] = useState<number | null>(null);

  const resetCaptcha = () => {
    setCaptcha(null);
    setCaptchaKey((key) => key + 1);
  };

  const showFieldErrors = (errors: FieldErrors) => {
    if (errors.captcha) {
      setCaptchaError(errors.captcha.join(' '));
      resetCaptcha();
    }
    const { captcha: _, ...fields } = errors;
    state.showMessages(fields, true);
    setNotice(tc('common.verifyFields'));
  };

  const handleFailure = (error: unknown) => {
    if (error instanceof ApiError && error.code === ALREADY_SUBMITTED)
      return onOutcome({ action: 'alreadySubmitted' });
    // Declined while the page was open: the server's words say so, in the page's language.
    if (error instanceof ApiError && error.code === RESPONSE_DECLINED)
      return setNotice(getErrorDetail(error) ?? t('submitFailed'));
    const errors = getFieldErrors(error);
    if (!errors) return setNotice(t('submitFailed'));
    showFieldErrors(errors);
    if (isRequiredError(errors)) onReload();
  };

  async function uploadFiles(
    submissionId: number,
    grants: { datum_field: number; file_key: string }[],
    files: Map<number, File>,
  ) {
    const total = [...files.values()].reduce((sum, file) => sum + file.size, 0) || 1;
    let done = 0;
    setUploadPercent(0);
    for (const grant of grants) {
      const file = files.get(grant.datum_field);
      if (!file) continue;
      await uploadGrantedFile(submissionId, grant.file_key, file, (loaded) =>
        setUploadPercent(Math.min(100, Math.round(((done + loaded) / total) * 100))),
      );
      done += file.size;
    }
  }

  async function send(action: Exclude<FormSubmissionAction, 'cancel'>) {
    const { values } = state;
    const { answers } = values;
    const visible = visibleQuestionIds(
      form.questions,
      new Map(form.questions.map((question) => [question.id, answerText(answers[question.id])])),
    );
    const checks = await loadChecks().catch(() => null);
    if (!checks) return setNotice(t('submitFailed'));
    const { emailError, formatError } = checks;
    const emailProblem = form.submission ? null : emailError(values.email, t);
    const problems: FieldErrors = {
      ...(emailProblem ? { email: [emailProblem] } : {}),
      ...misformatted(form, answers, visible, formatError, t),
      ...(action === 'submit' ? missingRequired(form, answers, visible, t('required')) : {}),
    };
    if (Object.keys(problems).length > 0) return showFieldErrors(problems);
    if (!captcha) return setCaptchaError(t('captchaRequired'));

    const { values: datumValues, files } = toSubmission(form.questions, answers, visible);
    setIsSaving(true);
    setCaptchaError(null);
    setNotice(null);
    try {
      const created = await postSubmission({
        form: form.id,
        email: form.submission?.email ?? values.email,
        captcha,
        datum_values: datumValues,
        // The reader's own language, not the page's (the form's): every mail to them is written in it.
        language: getStoredLanguage(),
        [HONEYPOT_FIELD]: values[HONEYPOT_FIELD] || undefined,
        ...(draft.current ? { submission: draft.current.submission, token: draft.current.token } : {}),
      });
      // Spent: the next attempt needs a fresh proof of work.
      resetCaptcha();
      draft.current = { submission: created.submission_id, token: created.edit_token };
      try {
        await uploadFiles(created.submission_id, created.file_uploads_grants, files);
      } catch (error) {
        const reply = await commitSubmission(created.submission_id, created.edit_token, 'cancel').catch(
          () => null,
        );
        if (reply?.status === 'cancelled') draft.current = options.draft;
        const errors = getFieldErrors(error);
        if (errors) showFieldErrors(errors);
        return setNotice(t('uploadFailed'));
      }
      const reply = await commitSubmission(created.submission_id, created.edit_token, action);
      const editLink = `${window.location.origin}${reply.edit_link ?? ''}`;
      onOutcome(
        action === 'save'
          ? { action: 'save', editLink }
          : {
              action: 'submit',
              edit: reply.edit_until && reply.edit_link ? { link: editLink, until: reply.edit_until } : null,
            },
      );
    } catch (error) {
      handleFailure(error);
    } finally {
      setIsSaving(false);
      setUploadPercent(null);
    }
  }

  const handleCaptchaChange = (payload: string | null) => {
    setCaptcha(payload);
    if (payload) setCaptchaError(null);
  };

  return {
    send,
    isSaving,
    uploadPercent,
    captcha,
    captchaKey,
    captchaError,
    notice,
    handleCaptchaChange,
  };
}
