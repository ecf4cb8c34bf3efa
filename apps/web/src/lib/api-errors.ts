import { type FieldErrors, withColon } from '@shortlist/contract';
import { ApiError, interfaceLanguage } from './api-client';

const NON_FIELD = 'non_field_errors';

/** The `{field: [messages]}` body of a 400 reply, or null for any other failure. */
export function getFieldErrors(error: unknown): FieldErrors | null {
  if (!(error instanceof ApiError) || error.status !== 400) return null;
  const body = error.body;
  if (typeof body !== 'object' || body === null || Array.isArray(body)) return null;
  const entries = Object.entries(body);
  const isFieldShape = entries.length > 0 && entries.every(([, v]) => Array.isArray(v));
  return isFieldShape ? (body as FieldErrors) : null;
}

/**
 * Every server message of a 400 reply, each prefixed with its field name unless it is one of `bare`,
 * with the colon of the interface's language.
 */
export function joinFieldMessages(
  errors: FieldErrors,
  separator = '\n',
  bare: readonly string[] = [],
): string {
  return Object.entries(errors)
    .flatMap(([field, messages]) =>
      messages.map((m) =>
        field === NON_FIELD || bare.includes(field) ? m : withColon(field, m, interfaceLanguage()),
      ),
    )
    .join(separator);
}

export interface FormFieldError<F extends string = string> {
  name: F;
  errors: string[];
}

/**
 * Splits a 400 reply into errors for the form's own fields (for `form.setFields`) and the rest
 * (non-field errors or fields the form does not show), which the caller shows in a toast.
 */
export function toFormErrors<F extends string>(
  error: unknown,
  formFields: readonly F[],
): { fields: FormFieldError<F>[]; others: string[] } | null {
  const errors = getFieldErrors(error);
  if (!errors) return null;
  const fields: FormFieldError<F>[] = [];
  const others: string[] = [];
  const isFormField = (name: string): name is F => (formFields as readonly string[]).includes(name);
  for (const [name, messages] of Object.entries(errors)) {
    if (isFormField(name)) fields.push({ name, errors: messages });
    else others.push(...messages);
  }
  return { fields, others };
}

/** The `detail` text of a refusal, if any. */
export function getErrorDetail(error: unknown): string | undefined {
  if (!(error instanceof ApiError)) return undefined;
  const detail = (error.body as { detail?: unknown } | null)?.detail;
  return typeof detail === 'string' ? detail : undefined;
}
