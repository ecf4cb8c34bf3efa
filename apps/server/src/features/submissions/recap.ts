import {
  budgetBalance,
  budgetResponseSchema,
  CHOICE_RESPONSE_SEPARATOR,
  sumBudgetLines,
} from '@shortlist/contract';
import type { datumValues } from '../../db/schema.ts';
import type { Question } from './questions.ts';

type ValueRow = typeof datumValues.$inferSelect;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

function answerText(value: ValueRow): string {
  if (value.resourcetype === 'file') return value.filename ?? '';
  if (value.resourcetype === 'custom') {
    const budget = budgetResponseSchema.safeParse(value.jsonResponse ?? {});
    if (!budget.success) return '';
    const { currency, expenses, income } = budget.data;
    return `expenses ${sumBudgetLines(expenses)} ${currency}, income ${sumBudgetLines(income)} ${currency}, balance ${budgetBalance(budget.data)} ${currency}`;
  }
  return (value.response ?? '').split(CHOICE_RESPONSE_SEPARATOR).join(', ');
}

/** The answered questions in the form's order, as label and answer. */
export function recapLines(questions: Question[], values: ValueRow[]) {
  const byField = new Map(values.map((value) => [value.datumFieldId, value]));
  return questions.flatMap(({ field }) => {
    const value = byField.get(field.id);
    const answer = value ? answerText(value).trim() : '';
    return answer ? [{ label: field.label, answer }] : [];
  });
}

export type RecapLine = ReturnType<typeof recapLines>[number];

export const recapText = (lines: RecapLine[]) =>
  lines.map(({ label, answer }) => `${label}: ${answer}`).join('\n');

/** Every answer escaped: a respondent's text never becomes markup in anyone's mail. */
export const recapHtml = (lines: RecapLine[]) =>
  `<ul>${lines.map(({ label, answer }) => `<li><strong>${escapeHtml(label)}</strong>: ${escapeHtml(answer).replaceAll('\n', '<br>')}</li>`).join('')}</ul>`;
