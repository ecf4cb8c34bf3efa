import { getFieldErrors } from '../../lib/api-errors';

/** The server's text list for a refused request, else the generic message (spec: reset failures). */
export function toServerMessages(error: unknown, fallback: string): string[] {
  const errors = getFieldErrors(error);
  const messages = errors ? Object.values(errors).flat() : [];
  return messages.length > 0 ? messages : [fallback];
}
