import type { SubmissionCreate } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { answeringKeys, fetchAnswerView, submitAnswers } from './api';

/** The answer page's data; never refetched behind the judge's back, which would reset what they typed. */
export function useAnswerView(issueId: number, token: string | null, verification: string | null = null) {
  return useQuery({
    queryKey: answeringKeys.view(issueId, token),
    queryFn: ({ signal }) => fetchAnswerView(issueId, token, verification, signal),
    retry: false,
    refetchOnWindowFocus: false,
    refetchOnReconnect: false,
    staleTime: Number.POSITIVE_INFINITY,
  });
}

export function useSubmitAnswers(issueId: number, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmissionCreate) => submitAnswers(issueId, token, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: answeringKeys.view(issueId, token) }),
  });
}
