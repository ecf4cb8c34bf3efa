import { type PublicQuestion, type TextFormatProblem, textFormatProblem } from '@shortlist/contract';
import type { TFunction } from 'i18next';

const MESSAGE_KEYS = {
  email: 'formatEmail',
  number: 'formatNumber',
  min: 'formatMin',
  max: 'formatMax',
  date: 'formatDate',
  url: 'formatUrl',
} as const satisfies Record<TextFormatProblem, string>;

/** The page's words for a text answer that does not fit its question's format (the contract's check), or null. */
export function formatError(
  question: PublicQuestion,
  value: unknown,
  t: TFunction<'submissions'>,
): string | null {
  if (question.resourcetype !== 'text' || typeof value !== 'string') return null;
  const problem = textFormatProblem(question, value);
  return problem && t(MESSAGE_KEYS[problem], { min: question.number_min, max: question.number_max });
}
