import type { FieldErrors } from '@shortlist/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import type { z } from 'zod';
import { faultReply, RETRY_AFTER_SECONDS } from './fault-replies.ts';
import { requestLanguage, translatedBody } from './reply-language.ts';

type ErrorBody = { code: string; detail: string } | FieldErrors;

/** The one error type of the API: a status and a body in the spec's shape. */
export class AppError extends Error {
  constructor(
    readonly status: number,
    readonly body: ErrorBody,
  ) {
    super(typeof body.detail === 'string' ? body.detail : JSON.stringify(body));
  }
}

/** Another team's object, a missing one, and one the caller may not see all answer the same. */
export const notFound = () => new AppError(404, { code: 'NOT_FOUND', detail: 'Not found.' });
export const forbidden = (detail = 'You do not have permission to perform this action.') =>
  new AppError(403, { code: 'PERMISSION_DENIED', detail });
export const unauthorized = (code: string, detail: string) => new AppError(401, { code, detail });
/** The code the web client reacts to by refreshing once (as Simple JWT answered). */
export const TOKEN_NOT_VALID = 'token_not_valid';
export const invalidToken = () => unauthorized(TOKEN_NOT_VALID, 'Given token not valid for any token type');
/** A business refusal carrying one of the spec's codes (HAS_DATASETS, ALREADY_EXISTS…). */
export const refusal = (code: string, detail: string, status = 400) => new AppError(status, { code, detail });
export const fieldErrors = (errors: FieldErrors) => new AppError(400, errors);

const NON_FIELD = 'non_field_errors';

/** Zod issues as the API's field errors (for input checked inside a service), each key behind `prefix`. */
export function toFieldErrors(error: z.ZodError, prefix = ''): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of error.issues) {
    const field = `${prefix}${issue.path.join('.') || NON_FIELD}`;
    errors[field] = [...(errors[field] ?? []), issue.message];
  }
  return errors;
}

/**
 * Maps every error to the spec's shapes, its texts in the request's language; the details of a 5xx stay
 * in the log.
 */
export function registerErrorHandler(app: FastifyInstance) {
  app.setErrorHandler((error: FastifyError | AppError, request, reply) => {
    const send = (status: number, body: ErrorBody) =>
      reply.status(status).send(translatedBody(body, requestLanguage(request)));
    if (error instanceof AppError) return send(error.status, error.body);
    if (hasZodFastifySchemaValidationErrors(error)) {
      // A path that names no possible object (an id out of range, not a number) names a missing one.
      if (error.validationContext === 'params') return send(404, notFound().body);
      const errors: FieldErrors = {};
      for (const issue of error.validation) {
        const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || NON_FIELD;
        errors[field] = [...(errors[field] ?? []), issue.message ?? 'Invalid value.'];
      }
      return send(400, errors);
    }
    const status = error.statusCode ?? 500;
    if (status === 413) return send(413, { code: 'TOO_LARGE', detail: 'The request body is too large.' });
    if (status === 429) return send(429, { code: 'THROTTLED', detail: error.message });
    if (status >= 400 && status < 500) {
      // Malformed JSON, a wrong content type, an empty body where one is needed…
      return send(status, { code: error.code ?? 'BAD_REQUEST', detail: error.message });
    }
    const fault = faultReply(error);
    if (fault) {
      request.log.warn({ err: error }, fault.body.code);
      reply.header('retry-after', String(RETRY_AFTER_SECONDS));
      return send(fault.status, fault.body);
    }
    request.log.error({ err: error }, 'unhandled error');
    return send(500, { code: 'SERVER_ERROR', detail: 'An error occurred, please try again.' });
  });
}
