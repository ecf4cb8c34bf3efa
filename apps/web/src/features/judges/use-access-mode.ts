import { type IssueResourcetype, JUDGE_ALREADY_SUBMITTED } from '@shortlist/contract';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { App } from 'antd';
import { useTranslation } from 'react-i18next';
import { ApiError } from '../../lib/api-client';
import { issueKeys, patchIssue } from '../selections/api';
import './resources';

const ERROR_SECONDS = 8;

/**
 * Switches between all items for every judge and a subset per judge (PATCH with access_all_items). The
 * switch to subsets asks first: it takes from each judge every item not given to them. The server refuses
 * it while it would take items from a judge who has submitted (issue 27), which the message explains.
 */
export function useAccessMode(issueId: number, resourcetype: IssueResourcetype) {
  const { t } = useTranslation('judges');
  const { t: tc } = useTranslation();
  const { message, modal } = App.useApp();
  const queryClient = useQueryClient();
  const mutation = useMutation({
    mutationFn: (isAll: boolean) => patchIssue(issueId, { resourcetype, access_all_items: isAll }),
    // The issue's key prefixes the judges' keys: their item counts follow the mode.
    onSuccess: () => queryClient.invalidateQueries({ queryKey: issueKeys.one(issueId) }),
    onError: (error) => {
      const isRefused = error instanceof ApiError && error.code === JUDGE_ALREADY_SUBMITTED;
      void message.error(t(isRefused ? 'subsetRefused' : 'accessFailed'), ERROR_SECONDS);
    },
  });
  const change = (isAll: boolean) => {
    if (isAll) return mutation.mutate(true);
    modal.confirm({
      title: t('subsetConfirm.title'),
      content: t('subsetConfirm.body'),
      okText: t('subsetConfirm.ok'),
      cancelText: tc('common.cancel'),
      onOk: () => mutation.mutate(false),
    });
  };
  return { change, isPending: mutation.isPending };
}
