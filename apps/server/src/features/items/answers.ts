import {
  budgetResponseSchema,
  CHOICE_RESPONSE_SEPARATOR,
  type DatumValueInput,
  type FieldErrors,
  invalidPkMessage,
  readBudgetConfig,
  TEXT_MAX_LENGTH_MAX,
  type TextFormatProblem,
  type TextFormatRules,
  textFormatProblem,
} from '@shortlist/contract';
import { inArray } from 'drizzle-orm';
import type { Db } from '../../db/client.ts';
import { datumFields } from '../../db/schema/index.ts';
import { toTextFormatRules } from '../item-types/field-replies.ts';

export type FieldRow = typeof datumFields.$inferSelect;

/** What an answer stores, or `null` when it is empty (an empty text or choice answer removes the value). */
export type StoredAnswer = { response: string | null; jsonResponse: Record<string, unknown> | null } | null;

type AnswerCheck = { ok: true; answer: StoredAnswer } | { ok: false; errors: FieldErrors };

const refuse = (field: string, message: string): AnswerCheck => ({
  ok: false,
  errors: { [field]: [message] },
});

/** The API's words (Django REST framework's) for each way a text answer can miss its format. */
const FORMAT_MESSAGES: Record<TextFormatProblem, (rules: TextFormatRules) => string> = {
  email: () => 'Enter a valid email address.',
  number: () => 'A valid number is required.',
  min: (rules) => `Ensure this value is greater than or equal to ${rules.number_min}.`,
  max: (rules) => `Ensure this value is less than or equal to ${rules.number_max}.`,
  date: () => 'Date has wrong format. Use one of these formats instead: YYYY-MM-DD.',
  url: () => 'Enter a valid URL.',
};

function checkText(field: FieldRow, response: string | null | undefined): AnswerCheck {
  if (!response?.trim()) return { ok: true, answer: null };
  const max = field.responseMaxLength ?? TEXT_MAX_LENGTH_MAX;
  if (response.length > max)
    return refuse('response', `Ensure this field has no more than ${max} characters.`);
  const rules = toTextFormatRules(field);
  const problem = textFormatProblem(rules, response);
  if (problem) return refuse('response', FORMAT_MESSAGES[problem](rules));
  return { ok: true, answer: { response, jsonResponse: null } };
}

function checkChoice(field: FieldRow, response: string | null | undefined): AnswerCheck {
  if (!response?.trim()) return { ok: true, answer: null };
  const chosen = [...new Set(response.split(CHOICE_RESPONSE_SEPARATOR).map((label) => label.trim()))].filter(
    Boolean,
  );
  const labels = new Set((field.options ?? []).map((option) => option.label));
  const unknown = chosen.find((label) => !labels.has(label));
  if (unknown !== undefined) return refuse('response', `"${unknown}" is not a valid choice.`);
  if (!field.multiple && chosen.length > 1) return refuse('response', 'Only one choice is allowed.');
  return { ok: true, answer: { response: chosen.join(CHOICE_RESPONSE_SEPARATOR), jsonResponse: null } };
}

/** A budget's amounts whole and at least 0, in the currency its question sets (when it sets one). */
function checkBudget(field: FieldRow, jsonResponse: Record<string, unknown> | null | undefined): AnswerCheck {
  if (!jsonResponse) return { ok: true, answer: null };
  const parsed = budgetResponseSchema.safeParse(jsonResponse);
  if (!parsed.success) {
    const errors: FieldErrors = {};
    for (const issue of parsed.error.issues) {
      const key = ['json_response', ...issue.path.map(String)].join('.');
      errors[key] = [...(errors[key] ?? []), issue.message];
    }
    return { ok: false, errors };
  }
  const { currency = parsed.data.currency } = readBudgetConfig(field.jsonConfig);
  return { ok: true, answer: { response: null, jsonResponse: { ...parsed.data, currency } } };
}

/**
 * Checks one answer against its field: text within the field's length and format, choice among its options
 * (one unless multiple) joined by ' || ', budget amounts whole and at least 0. A file answer
 * holds no data of its own: its file is uploaded afterwards.
 */
export function checkAnswer(
  field: FieldRow,
  input: Pick<DatumValueInput, 'response' | 'json_response'> & { resourcetype?: string },
): AnswerCheck {
  if (input.resourcetype !== undefined && input.resourcetype !== field.resourcetype) {
    return refuse('resourcetype', `The field expects a "${field.resourcetype}" answer.`);
  }
  switch (field.resourcetype) {
    case 'text':
      return checkText(field, input.response);
    case 'choice':
      return checkChoice(field, input.response);
    case 'custom':
      return checkBudget(field, input.json_response);
    default:
      return { ok: true, answer: { response: null, jsonResponse: null } };
  }
}

export interface PreparedAnswer {
  field: FieldRow;
  answer: StoredAnswer;
}

/**
 * Checks the answers given with an item against the fields of its item type. Errors are keyed by
 * `<prefix>datum_values.<index>.<field>` so that a bulk request says which row and answer failed.
 */
export function prepareAnswers(
  fields: FieldRow[],
  dataModelId: number,
  inputs: DatumValueInput[],
  prefix = '',
): { answers: PreparedAnswer[]; errors: FieldErrors } {
  const answers: PreparedAnswer[] = [];
  const errors: FieldErrors = {};
  const seen = new Set<number>();
  inputs.forEach((input, index) => {
    const at = `${prefix}datum_values.${index}`;
    const field = fields.find((candidate) => candidate.id === input.datum_field);
    if (!field || field.dataModelId !== dataModelId) {
      errors[`${at}.datum_field`] = [invalidPkMessage(input.datum_field)];
      return;
    }
    if (seen.has(field.id)) {
      errors[`${at}.datum_field`] = ['This field is answered twice.'];
      return;
    }
    seen.add(field.id);
    const check = checkAnswer(field, input);
    if (!check.ok) {
      for (const [key, messages] of Object.entries(check.errors)) errors[`${at}.${key}`] = messages;
      return;
    }
    answers.push({ field, answer: check.answer });
  });
  return { answers, errors };
}

/** The fields of several item types, in one query. */
export async function loadFields(db: Db, dataModelIds: number[]) {
  if (dataModelIds.length === 0) return [];
  return db.select().from(datumFields).where(inArray(datumFields.dataModelId, dataModelIds));
}
