import {
  type DeclaredFile,
  FILE_MAX_SIZE_DEFAULT_BYTES,
  FILE_TOO_BIG_MESSAGE,
  FILE_TYPE_REFUSED_MESSAGE,
  type FieldErrors,
  type FormAnswer,
  invalidPkMessage,
} from '@shortlist/contract';
import { checkAnswer, type FieldRow } from '../items/answers.ts';
import { type Question, visibleQuestionIds } from './questions.ts';

/** What happens to a file question's stored file: kept (not mentioned), removed (null) or replaced. */
export type FileIntent = { kind: 'keep' } | { kind: 'remove' } | { kind: 'upload'; declared: DeclaredFile };

export interface PreparedAnswers {
  /** Visible, non-empty text, choice and budget answers. */
  values: { field: FieldRow; response: string | null; jsonResponse: Record<string, unknown> | null }[];
  /** Visible file questions and what to do with their file. */
  files: { field: FieldRow; intent: FileIntent }[];
}

export const allowedMimeTypes = (field: FieldRow) => field.mimeTypes ?? ['application/pdf'];

function checkDeclaredFile(field: FieldRow, declared: DeclaredFile): string | null {
  if (declared.size > (field.maxSizeBytes ?? FILE_MAX_SIZE_DEFAULT_BYTES)) return FILE_TOO_BIG_MESSAGE;
  if (!allowedMimeTypes(field).includes(declared.type)) return FILE_TYPE_REFUSED_MESSAGE;
  return null;
}

function fileIntent(file: FormAnswer['file']): FileIntent {
  if (file === undefined) return { kind: 'keep' };
  if (file === null) return { kind: 'remove' };
  return { kind: 'upload', declared: file };
}

/**
 * Checks a respondent's answers as the page does: each against its question (text length, choice
 * options, budget rules, the announced file's size and type), errors keyed by the question's id.
 * Answers to questions hidden by their condition are dropped; `required` waits for the submit.
 */
export function prepareAnswers(
  questions: Question[],
  inputs: FormAnswer[],
): { prepared: PreparedAnswers; errors: FieldErrors } {
  const errors: FieldErrors = {};
  const addError = (key: string, message: string) => {
    errors[key] = [...(errors[key] ?? []), message];
  };
  const byId = new Map(questions.map((question) => [question.field.id, question.field]));
  const inputsById = new Map<number, FormAnswer>();
  for (const input of inputs) {
    if (!byId.has(input.datum_field)) addError('datum_values', invalidPkMessage(input.datum_field));
    else if (inputsById.has(input.datum_field))
      addError(String(input.datum_field), 'This field is answered twice.');
    else inputsById.set(input.datum_field, input);
  }
  const visible = visibleQuestionIds(
    questions,
    new Map([...inputsById].map(([id, input]) => [id, input.response])),
  );
  const prepared: PreparedAnswers = { values: [], files: [] };
  for (const [id, input] of inputsById) {
    const field = byId.get(id);
    if (!field || !visible.has(id)) continue;
    if (field.resourcetype === 'file') {
      const intent = fileIntent(input.file);
      const refused = intent.kind === 'upload' ? checkDeclaredFile(field, intent.declared) : null;
      if (refused) addError(String(id), refused);
      else prepared.files.push({ field, intent });
      continue;
    }
    const check = checkAnswer(field, input);
    if (!check.ok) {
      for (const messages of Object.values(check.errors))
        for (const message of messages) addError(String(id), message);
    } else if (check.answer) {
      prepared.values.push({ field, ...check.answer });
    }
  }
  // The page sends only the files it changes: a visible file question left out keeps its stored file.
  for (const { field } of questions) {
    if (field.resourcetype === 'file' && visible.has(field.id) && !inputsById.has(field.id))
      prepared.files.push({ field, intent: { kind: 'keep' } });
  }
  return { prepared, errors };
}
