import { EMAIL_REFUSED, HAS_ACCESS, HAS_SUBMITTED, ISSUE_TOKEN_PARAM } from '@shortlist/contract';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { getFieldErrors } from '../../lib/api-errors';
import { publicInfoQuery, unlockPublic } from './api';
import './resources';

export type PublicStep = 'captcha' | 'email' | 'sent' | 'error';

/**
 * The get-link flow of a public selection: captcha when the selection asks for one, then the e-mail when
 * one is asked (with neither, the link is requested at once), then the thank-you or, when the link is not mailed, the answer page itself.
 * A refused e-mail goes back to the e-mail step, a refused captcha to a fresh captcha.
 */
export function usePublicLink(issueId: number) {
  const { t } = useTranslation('judging');
  const navigate = useNavigate();
  const info = useQuery(publicInfoQuery(issueId));
  const [step, setStep] = useState<PublicStep>('captcha');
  const [captcha, setCaptcha] = useState<string | null>(null);
  const [captchaKey, setCaptchaKey] = useState(0);
  const [email, setEmail] = useState('');
  const [error, setError] = useState<string | null>(null);

  const unlock = useMutation({
    mutationFn: (input: { captcha?: string; email: string }) => unlockPublic(issueId, input),
    onSuccess: (result) => {
      if (result.token)
        navigate(`/selection/${issueId}/answer?${ISSUE_TOKEN_PARAM}=${encodeURIComponent(result.token)}`);
      else setStep('sent');
    },
    onError: (failure) => {
      const fields = getFieldErrors(failure);
      const code = failure instanceof ApiError ? failure.code : undefined;
      if (fields?.email || code === EMAIL_REFUSED) {
        setError(t(code === EMAIL_REFUSED ? 'public.emailRefused' : 'public.emailInvalid'));
        setStep('email');
      } else if (fields?.captcha) {
        setError(t('public.captchaAgain'));
        setCaptcha(null);
        setCaptchaKey((key) => key + 1);
        setStep('captcha');
      } else if (code === HAS_ACCESS || code === HAS_SUBMITTED) {
        setError(t('public.alreadyAnswered'));
        setStep('error');
      } else {
        setError(t('public.connection'));
      }
    },
  });

  // Without a captcha the flow starts at the e-mail step, or asks for the link at once (only once).
  const { mutate } = unlock;
  const hasStarted = useRef(false);
  useEffect(() => {
    if (!info.data || info.data.captcha || hasStarted.current) return;
    hasStarted.current = true;
    if (info.data.email_required) setStep('email');
    else mutate({ email: '' });
  }, [info.data, mutate]);

  const handleCaptcha = (payload: string | null) => {
    setCaptcha(payload);
    if (!payload) return;
    setError(null);
    if (info.data?.email_required) setStep('email');
    else unlock.mutate({ captcha: payload, email: '' });
  };

  const submitEmail = (address: string) => {
    setEmail(address);
    setError(null);
    if (captcha) unlock.mutate({ captcha, email: address });
    else if (info.data?.captcha === false) unlock.mutate({ email: address });
    else setStep('captcha');
  };

  return { info, step, error, email, captchaKey, handleCaptcha, submitEmail, isSending: unlock.isPending };
}
