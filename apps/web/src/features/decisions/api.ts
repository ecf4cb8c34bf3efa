import type { ItemDecision, SetDecisions } from '@shortlist/contract';
import { apiGet, apiPost } from '../../lib/api-client';

export const decisionKeys = {
  all: ['decisions'] as const,
  list: (teamId: number, issueId?: number) => ['decisions', teamId, issueId ?? null] as const,
};

export const fetchDecisions = (teamId: number, issueId?: number) =>
  apiGet<ItemDecision[]>('decisions/', { team: teamId, issue: issueId });
export const setDecisions = (body: SetDecisions) => apiPost<{ updated: number }>('decisions/', body);
