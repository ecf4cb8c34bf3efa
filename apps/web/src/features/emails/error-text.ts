import { getErrorDetail, getFieldErrors, joinFieldMessages } from '../../lib/api-errors';

/** The server's words for a refusal: the messages of the fields a 400 names, or its detail. */
export function errorText(error: unknown): string | undefined {
  const fields = getFieldErrors(error);
  return fields ? joinFieldMessages(fields, ' ', Object.keys(fields)) : getErrorDetail(error);
}
