import type { FastifyInstance } from 'fastify';
import { fieldErrors } from './errors.ts';

export const NULL_CHARACTERS = 'Null characters are not allowed.';

const NUL = '\u0000';

/**
 * The dotted paths (as the API's field errors name them) of the strings and keys in `value` that hold a NUL.
 * One path array, pushed and popped: a submission of 10,000 answers is walked without a copy per value.
 */
function pathsWithNul(value: unknown, path: string[] = [], found: string[] = []): string[] {
  if (typeof value === 'string') {
    if (value.includes(NUL)) found.push(path.join('.') || 'non_field_errors');
  } else if (value && typeof value === 'object') {
    for (const [key, entry] of Object.entries(value)) {
      path.push(key);
      if (key.includes(NUL)) found.push(path.join('.'));
      else pathsWithNul(entry, path, found);
      path.pop();
    }
  }
  return found;
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
 * insert or its comparison, with a 500. A body's NUL is refused with the field's message (Django REST
 * framework's words, as the spec's other messages); a query's is dropped, as that framework's search drops
 * it. (The paths' strings, the signed tokens, are checked before any query.)
 */
export function registerNullCharacters(app: FastifyInstance) {
  app.addHook('preValidation', async (request) => {
    if (pathsWithNul(request.query).length) request.query = withoutNul(request.query);
    const fields = pathsWithNul(request.body);
    if (fields.length)
      throw fieldErrors(Object.fromEntries(fields.map((field) => [field, [NULL_CHARACTERS]])));
  });
}
