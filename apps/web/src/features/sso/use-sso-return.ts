import { isSsoErrorCode, SSO_CODE_PARAM, type SsoErrorCode } from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useLocation, useNavigate } from 'react-router';
import { ApiError } from '../../lib/api-client';
import { adoptTokens } from '../auth/use-sign-in';
import { exchangeSsoCode } from './api';

/**
 * The sign-in page opened by the provider's return (`/login?next=…#sso_code=…`): the one-time code
 * is taken out of the address at once (history, screenshots), exchanged for a pair, and the user goes
 * to `next`. Says how it went: still exchanging, or the failure's code.
 */
export function useSsoReturn(next: string): { isExchanging: boolean; failure: SsoErrorCode | undefined } {
  const navigate = useNavigate();
  const location = useLocation();
  const queryClient = useQueryClient();
  const [code] = useState(() => new URLSearchParams(location.hash.slice(1)).get(SSO_CODE_PARAM));
  const hasStarted = useRef(false);
  const exchange = useMutation({
    mutationFn: async (oneTimeCode: string) => adoptTokens(queryClient, await exchangeSsoCode(oneTimeCode)),
    onSuccess: () => navigate(next, { replace: true }),
  });

  const { mutate } = exchange;

  useEffect(() => {
    if (!code || hasStarted.current) return;
    hasStarted.current = true;
    navigate(`${location.pathname}${location.search}`, { replace: true });
    mutate(code);
  }, [code, mutate, location.pathname, location.search, navigate]);

  const errorCode = exchange.error instanceof ApiError ? exchange.error.code : undefined;
  return {
    isExchanging: Boolean(code) && !exchange.isError,
    failure: exchange.isError ? (isSsoErrorCode(errorCode) ? errorCode : 'SSO_FAILED') : undefined,
  };
}
