import { FIELD_REQUIRED_MESSAGE, type FieldErrors } from '@shortlist/contract';
import type { datumValues } from '../../db/schema/index.ts';
import { type Question, visibleQuestionIds } from './questions.ts';

/** What the required check reads of an answer, stored or about to be. */
export type AnswerState = Pick<
  typeof datumValues.$inferSelect,
  'datumFieldId' | 'response' | 'jsonResponse' | 'fileKey'
>;

const isAnswered = (value: AnswerState | undefined) =>
  Boolean(value && (value.response?.trim() || value.jsonResponse || value.fileKey));

/** The visible required questions left unanswered, keyed by question id. */
export function missingAnswers(questions: Question[], values: AnswerState[]): FieldErrors {
  const byField = new Map(values.map((value) => [value.datumFieldId, value]));
  const visible = visibleQuestionIds(
    questions,
    new Map(values.map((value) => [value.datumFieldId, value.response])),
  );
  const errors: FieldErrors = {};
  for (const { field } of questions) {
    if (field.required && visible.has(field.id) && !isAnswered(byField.get(field.id)))
      errors[String(field.id)] = [FIELD_REQUIRED_MESSAGE];
  }
  return errors;
}
