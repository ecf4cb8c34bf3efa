import { ISSUE_TOKEN_PARAM, VERIFICATION_PARAM } from '@shortlist/contract';
import type { LoaderFunctionArgs } from 'react-router';
import { clearTokens, getAccessToken } from '../../lib/auth/token-storage';
import { queryClient } from '../../lib/query-client';
import { answerViewQuery, publicInfoQuery } from './api';

/**
 * Route loader of `/selection/:id/answer?token=…`: asks for the answer view at once, while the page's
 * chunks still download (it waited for them before). The personal link's token names the judge, so
 * whoever was signed in on this browser is signed out first, before any request goes out.
 */
export function prefetchAnswerView({ params, request }: LoaderFunctionArgs) {
  const search = new URL(request.url).searchParams;
  const token = search.get(ISSUE_TOKEN_PARAM);
  if (token && getAccessToken()) {
    clearTokens();
    queryClient.clear();
  }
  // Not awaited: the page renders its spinner meanwhile, and reads the same query when it arrives.
  void queryClient.prefetchQuery(
    answerViewQuery(Number(params.id) || 0, token, search.get(VERIFICATION_PARAM)),
  );
  return null;
}

/** Route loader of `/selection/:id/public`: its information asked for while the page's chunks download. */
export function prefetchPublicInfo({ params }: LoaderFunctionArgs) {
  void queryClient.prefetchQuery(publicInfoQuery(Number(params.id) || 0));
  return null;
}
