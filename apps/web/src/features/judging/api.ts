import {
  type AnswerDraft,
  type AnswerDraftCreate,
  type AnswerView,
  type Conflict,
  type IssueSubmission,
  type PublicInfo,
  type SubmissionCreate,
  type UnlockPublic,
  type UnlockPublicResult,
  VERIFICATION_PARAM,
} from '@shortlist/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';
import { getFirst } from '../../lib/public-first-reply';

/** The personal link's token goes along as `?token=`; without it the signed-in user answers or previews. */
export const withToken = (token: string | null) => (token ? { token } : undefined);

export const answeringKeys = {
  view: (issueId: number, token: string | null) => ['answer-view', issueId, token ?? ''] as const,
  publicInfo: (issueId: number) => ['public-info', issueId] as const,
};

/**
 * `verification`: the code that only the e-mailed copy of the link carries; opening it verifies the
 * address. The page's first request: with a personal link, its reply may already be in index.html.
 */
export const fetchAnswerView = (
  issueId: number,
  token: string | null,
  verification: string | null,
  signal?: AbortSignal,
) =>
  getFirst<AnswerView>(
    `issues/${issueId}/answer_view/`,
    token
      ? { ...withToken(token), ...(verification ? { [VERIFICATION_PARAM]: verification } : {}) }
      : undefined,
    signal,
  );

export const submitAnswers = (issueId: number, token: string | null, body: SubmissionCreate) =>
  apiRequest<IssueSubmission>(`issues/${issueId}/submissions/`, {
    method: 'POST',
    query: withToken(token),
    body,
  });

/** A judge declares, or withdraws, their own conflict of interest with an item. */
export const declareConflict = (issueId: number, token: string | null, dataset: number) =>
  apiRequest<Conflict>(`issues/${issueId}/conflicts/`, {
    method: 'POST',
    query: withToken(token),
    body: { dataset },
  });
export const withdrawConflict = (issueId: number, token: string | null, dataset: number) =>
  apiRequest<void>(`issues/${issueId}/conflicts/`, {
    method: 'DELETE',
    query: { ...withToken(token), dataset: String(dataset) },
  });

export const fetchPublicInfo = (issueId: number, signal?: AbortSignal) =>
  getFirst<PublicInfo>(`issues/${issueId}/get_public_info/`, undefined, signal);

/** The answer page's data (its loader asks for it early, prefetch.ts); never refetched behind the judge's back, which would reset what they typed. */
export const answerViewQuery = (issueId: number, token: string | null, verification: string | null = null) =>
  queryOptions({
    queryKey: answeringKeys.view(issueId, token),
    queryFn: ({ signal }) => fetchAnswerView(issueId, token, verification, signal),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Number.POSITIVE_INFINITY,
  });

/** The public link page's data (its loader asks for it early, prefetch.ts). */
export const publicInfoQuery = (issueId: number) =>
  queryOptions({
    queryKey: answeringKeys.publicInfo(issueId),
    queryFn: ({ signal }) => fetchPublicInfo(issueId, signal),
    retry: false,
  });

export const unlockPublic = (issueId: number, body: UnlockPublic) =>
  apiRequest<UnlockPublicResult>(`issues/${issueId}/unlock_public/`, {
    method: 'POST',
    body,
    ignoreAuthFailure: true,
  });

/** Saves the judge's work in progress; `keepalive` lets the save finish while the page goes away. */
export const saveAnswerDraft = (
  issueId: number,
  token: string | null,
  body: AnswerDraftCreate,
  keepalive = false,
) =>
  apiRequest<AnswerDraft>(`issues/${issueId}/draft/`, {
    method: 'PUT',
    query: withToken(token),
    body,
    keepalive,
  });
