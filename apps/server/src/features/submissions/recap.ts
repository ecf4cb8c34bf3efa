import { answerText, type Language, withColon } from '@shortlist/contract';
import type { datumValues } from '../../db/schema/index.ts';
import { toAnswerParts } from '../items/answer-parts.ts';
import type { Question } from './questions.ts';

type ValueRow = typeof datumValues.$inferSelect;

export const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** The answered questions in the form's order, as label and answer, written in the form's language. */
export function recapLines(questions: Question[], values: ValueRow[], language: Language) {
  const byField = new Map(values.map((value) => [value.datumFieldId, value]));
  return questions.flatMap(({ field }) => {
    const value = byField.get(field.id);
    const answer = value ? answerText(toAnswerParts(value, field.textFormat), language).trim() : '';
    return answer ? [{ label: field.label, answer }] : [];
  });
}

export type RecapLine = ReturnType<typeof recapLines>[number];

export const recapText = (lines: RecapLine[], language: Language) =>
  lines.map(({ label, answer }) => withColon(label, answer, language)).join('\n');

/** Every answer escaped: a respondent's text never becomes markup in anyone's mail. */
export const recapHtml = (lines: RecapLine[], language: Language) =>
  `<ul>${lines.map(({ label, answer }) => `<li>${withColon(`<strong>${escapeHtml(label)}</strong>`, escapeHtml(answer).replaceAll('\n', '<br>'), language)}</li>`).join('')}</ul>`;
