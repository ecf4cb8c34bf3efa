import { ISSUE_TOKEN_PARAM, VERIFICATION_PARAM } from '@shortlist/contract';
import { useParams, useSearchParams } from 'react-router';
import { AnswerContent } from './answer-content';

/**
 * `/selection/:id/answer?token=…`: the personal link. Its loader (prefetch.ts) has signed out whoever was
 * signed in and asked for the view already. The e-mailed copy also carries `v`, which verifies the
 * judge's address when the page loads.
 */
export function AnswerPage() {
  const { id } = useParams();
  const [params] = useSearchParams();
  return (
    <AnswerContent
      issueId={Number(id) || 0}
      token={params.get(ISSUE_TOKEN_PARAM)}
      verification={params.get(VERIFICATION_PARAM)}
    />
  );
}
