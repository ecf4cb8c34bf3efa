import { VERIFICATION_PARAM } from '@shortlist/contract';
import { queryOptions } from '@tanstack/react-query';
import type { LoaderFunctionArgs } from 'react-router';
import { queryClient } from '../../lib/query-client';
import { type DraftLink, fetchPublicForm, fetchSubmissionStatus } from './api';

/** The edit link's `?token=…&submission=…`, when both are there, and the mailed copy's `v`. */
export function readDraftLink(params: URLSearchParams): DraftLink | null {
  const token = params.get('token');
  const submission = Number(params.get('submission'));
  const verification = params.get(VERIFICATION_PARAM);
  if (!token || !Number.isInteger(submission) || submission <= 0) return null;
  return verification ? { token, submission, [VERIFICATION_PARAM]: verification } : { token, submission };
}

export const publicFormQuery = (formId: number, draft: DraftLink | null) =>
  queryOptions({
    queryKey: ['public-form', formId, draft],
    queryFn: () => fetchPublicForm(formId, draft),
    retry: false,
    refetchOnWindowFocus: false,
  });

/** What the edit link shows of the response (its decision once sent): read by the status and the form. */
export const submissionStatusQuery = (draft: DraftLink) =>
  queryOptions({
    queryKey: ['submission-status', draft.submission, draft.token],
    queryFn: () => fetchSubmissionStatus(draft.submission, draft.token),
  });

/** Route loader of `/forms/:id`: the form asked for while the page's chunks download, not after them. */
export function prefetchPublicForm({ params, request }: LoaderFunctionArgs) {
  const draft = readDraftLink(new URL(request.url).searchParams);
  // Not awaited: the page shows its loading line meanwhile and reads the same query.
  void queryClient.prefetchQuery(publicFormQuery(Number(params.id) || 0, draft));
  return null;
}
