import type { AnswerView, SubmissionCreate } from '@shortlist/contract';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { answeringKeys, answerViewQuery, declareConflict, submitAnswers, withdrawConflict } from './api';
import './resources';

/**
 * Under blind review an item whose title is hidden is "Item 17" in the page's language: every place the
 * page names the item (card, comment label, dialogs) reads the title written here.
 */
export function useAnswerView(issueId: number, token: string | null, verification: string | null = null) {
  const { t } = useTranslation('judging');
  const select = useCallback(
    (view: AnswerView): AnswerView => ({
      ...view,
      items: view.items.map((item) =>
        item.title_hidden ? { ...item, title: t('blindTitle', { number: item.number }) } : item,
      ),
    }),
    [t],
  );
  return useQuery({ ...answerViewQuery(issueId, token, verification), select });
}

export function useSubmitAnswers(issueId: number, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (body: SubmissionCreate) => submitAnswers(issueId, token, body),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: answeringKeys.view(issueId, token) }),
  });
}

/**
 * Declaring or withdrawing a conflict changes the view's `conflicts` in place: a refetch would reset
 * what the judge typed on the other items.
 */
export function useConflict(issueId: number, token: string | null) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: async ({ dataset, isDeclared }: { dataset: number; isDeclared: boolean }) => {
      if (isDeclared) await declareConflict(issueId, token, dataset);
      else await withdrawConflict(issueId, token, dataset);
    },
    onSuccess: (_, { dataset, isDeclared }) =>
      queryClient.setQueryData<AnswerView>(answeringKeys.view(issueId, token), (view) =>
        view
          ? {
              ...view,
              conflicts: isDeclared
                ? [...view.conflicts, dataset]
                : view.conflicts.filter((id) => id !== dataset),
            }
          : view,
      ),
  });
}
