import { ISSUE_TOKEN_PARAM, VERIFICATION_PARAM } from '@shortlist/contract';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useParams, useSearchParams } from 'react-router';
import { clearTokens, getAccessToken } from '../../app/auth/token-storage';
import { AnswerContent } from './answer-content';

/**
 * `/selection/:id/answer?token=…`: the personal link. Its token names the judge, so whoever was signed in
 * on this browser is signed out first (before any request goes out). The e-mailed copy also carries `v`,
 * which verifies the judge's address when the page loads.
 */
export function AnswerPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  const token = params.get(ISSUE_TOKEN_PARAM);
  const queryClient = useQueryClient();
  useState(() => {
    if (token && getAccessToken()) {
      clearTokens();
      queryClient.clear();
    }
    return true;
  });
  return (
    <AnswerContent issueId={Number(id) || 0} token={token} verification={params.get(VERIFICATION_PARAM)} />
  );
}
