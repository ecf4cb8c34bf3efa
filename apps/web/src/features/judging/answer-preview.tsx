import { AnswerContent } from './answer-content';

/** The answer page as judges see it, for the admin's preview tab; the server answers it in preview mode. */
export function AnswerPreview({ issueId }: { issueId: number }) {
  return <AnswerContent issueId={issueId} token={null} />;
}
