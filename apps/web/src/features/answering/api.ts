import type {
  AnswerView,
  IssueSubmission,
  PublicInfo,
  SubmissionCreate,
  UnlockPublic,
  UnlockPublicResult,
} from '@shortlist/contract';
import { apiGet, apiRequest } from '../../app/api-client';

/** The personal link's token goes along as `?token=`; without it the signed-in user answers or previews. */
const withToken = (token: string | null) => (token ? { token } : undefined);

export const answeringKeys = {
  view: (issueId: number, token: string | null) => ['answer-view', issueId, token ?? ''] as const,
  publicInfo: (issueId: number) => ['public-info', issueId] as const,
};

export const fetchAnswerView = (issueId: number, token: string | null, signal?: AbortSignal) =>
  apiGet<AnswerView>(`issues/${issueId}/answer_view/`, withToken(token), signal);

export const submitAnswers = (issueId: number, token: string | null, body: SubmissionCreate) =>
  apiRequest<IssueSubmission>(`issues/${issueId}/submissions/`, {
    method: 'POST',
    query: withToken(token),
    body,
  });

export const fetchPublicInfo = (issueId: number, signal?: AbortSignal) =>
  apiGet<PublicInfo>(`issues/${issueId}/get_public_info/`, undefined, signal);

export const unlockPublic = (issueId: number, body: UnlockPublic) =>
  apiRequest<UnlockPublicResult>(`issues/${issueId}/unlock_public/`, {
    method: 'POST',
    body,
    ignoreAuthFailure: true,
  });
