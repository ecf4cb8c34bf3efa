import {
  type BudgetResponse,
  CHOICE_RESPONSE_SEPARATOR,
  type FormAnswer,
  type PublicQuestion,
  type SavedAnswer,
} from '@shortlist/contract';

/** A file question's value: the file picked now, and the name of the one saved before (null once removed). */
export interface FileValue {
  file: File | null;
  saved: string | null;
}

export type AnswerValue = string | string[] | FileValue | BudgetResponse | undefined;
export type Answers = Record<string, AnswerValue>;

const isFileValue = (value: AnswerValue): value is FileValue =>
  typeof value === 'object' && value !== null && 'saved' in value;

/** The text a condition compares: choices joined as the server stores them. */
export function answerText(value: AnswerValue): string | undefined {
  if (typeof value === 'string') return value;
  if (Array.isArray(value)) return value.join(CHOICE_RESPONSE_SEPARATOR);
  return undefined;
}

/** The page's starting values: empty, or the answers of the draft being edited. */
export function initialAnswers(questions: PublicQuestion[], saved: SavedAnswer[] = []): Answers {
  const byField = new Map(saved.map((answer) => [answer.datum_field, answer]));
  const answers: Answers = {};
  for (const question of questions) {
    const answer = byField.get(question.id);
    if (question.resourcetype === 'file') answers[question.id] = { file: null, saved: answer?.file ?? null };
    else if (question.resourcetype === 'custom')
      answers[question.id] = answer?.json_response as BudgetResponse;
    else if (question.resourcetype === 'choice' && question.multiple)
      answers[question.id] = answer?.response ? answer.response.split(CHOICE_RESPONSE_SEPARATOR) : [];
    else answers[question.id] = answer?.response ?? undefined;
  }
  return answers;
}

const hasBudgetAmount = (budget: BudgetResponse) =>
  [...budget.expenses, ...budget.income].some((line) => line.value !== null && line.value !== undefined);

/**
 * The answers of the visible questions as the server takes them, and the files to upload once it
 * has granted them. A saved file left alone is not mentioned (kept); one removed is sent as null.
 */
export function toSubmission(questions: PublicQuestion[], answers: Answers, visible: Set<number>) {
  const values: FormAnswer[] = [];
  const files = new Map<number, File>();
  for (const question of questions) {
    if (!visible.has(question.id)) continue;
    const value = answers[question.id];
    if (isFileValue(value)) {
      if (value.file) {
        files.set(question.id, value.file);
        const { name, size, type } = value.file;
        values.push({ datum_field: question.id, file: { name, size, type } });
      } else if (!value.saved) values.push({ datum_field: question.id, file: null });
    } else if (question.resourcetype === 'custom') {
      const budget = value as BudgetResponse | undefined;
      if (budget && hasBudgetAmount(budget)) values.push({ datum_field: question.id, json_response: budget });
    } else {
      const response = answerText(value)?.trim();
      if (response) values.push({ datum_field: question.id, response });
    }
  }
  return { values, files };
}
