import type { JudgePortal } from '@shortlist/contract';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '../../lib/api-client';

/** The judge's portal: by one of their links' token, or as the signed-in user without it. */
export const judgePortalQuery = (token: string | null) =>
  queryOptions({
    queryKey: ['judge-portal', token ?? ''] as const,
    queryFn: ({ signal }) =>
      apiRequest<JudgePortal>('judge_portal/', { query: token ? { token } : undefined, signal }),
    retry: false,
  });

/** The portal's address from a judge's page: their link's token goes along, else their sign-in opens it. */
export const portalPath = (token: string | null) =>
  token ? `/judge?token=${encodeURIComponent(token)}` : '/judge';

/** A judge's page of a selection (answers, or expertise and bids) from the other: the token goes along. */
export const judgePagePath = (issueId: number, page: 'answer' | 'bids', token: string | null) =>
  `/selection/${issueId}/${page}${token ? `?token=${encodeURIComponent(token)}` : ''}`;
