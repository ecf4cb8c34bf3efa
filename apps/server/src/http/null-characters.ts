import type { FastifyInstance } from 'fastify';

const NUL = '\u0000';

function containsNul(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(NUL);
  if (value && typeof value === 'object')
    return Object.entries(value).some(([key, entry]) => key.includes(NUL) || containsNul(entry));
  return false;
}

function withoutNul(value: unknown): unknown {
  if (typeof value === 'string') return value.replaceAll(NUL, '');
  if (Array.isArray(value)) return value.map(withoutNul);
  if (value && typeof value === 'object') {
    return Object.fromEntries(
      Object.entries(value).map(([key, entry]) => [key.replaceAll(NUL, ''), withoutNul(entry)]),
    );
  }
  return value;
}

/**
 * PostgreSQL's text and jsonb cannot hold the NUL character (U+0000): a string carrying one failed at its
 * insert or its comparison, with a 500. It is dropped from the query and the body before validation, as
 * Django REST framework's search drops it: no one types it, it comes with a paste or an Excel cell
 * (`_x0000_`), and a message about a character that the page cannot show would leave the person stuck
 * (decision 151). The paths' only strings are signed tokens, checked before any query.
 */
export function registerNullCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (containsNul(request.query)) request.query = withoutNul(request.query);
    if (containsNul(request.body)) request.body = withoutNul(request.body);
  });
}
