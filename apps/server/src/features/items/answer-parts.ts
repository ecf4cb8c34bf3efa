import type { AnswerParts } from '@shortlist/contract';
import type { datumValues } from '../../db/schema/index.ts';

type ValueRow = typeof datumValues.$inferSelect;

/**
 * A stored answer with its field's text format, as the contract's `answerText` and `answerCell` read it:
 * the exports, the e-mail variables and the confirmation mail's recap write every answer through them.
 */
export const toAnswerParts = (
  value: Pick<ValueRow, 'resourcetype' | 'response' | 'jsonResponse' | 'filename'>,
  format: string | null = null,
): AnswerParts => ({
  resourcetype: value.resourcetype,
  format,
  response: value.response,
  json_response: value.jsonResponse,
  filename: value.filename,
});
