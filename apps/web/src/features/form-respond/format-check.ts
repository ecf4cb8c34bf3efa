import { type PublicQuestion, type TextFormatProblem, textFormatProblem } from '@shortlist/contract';
import type { TFunction } from 'i18next';

type TextQuestion = Extract<PublicQuestion, { resourcetype: 'text' }>;

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
  t: TFunction<'formRespond'>,
): string | null {
  if (question.resourcetype !== 'text' || typeof value !== 'string') return null;
  const problem = textFormatProblem(question, value);
  return problem && t(MESSAGE_KEYS[problem], { min: question.number_min, max: question.number_max });
}

/** What the browser offers to type a format: the phone's keyboard, the date picker. */
export function formatInputProps(question: TextQuestion) {
  switch (question.format) {
    case 'email':
      return { type: 'email', inputMode: 'email', autoComplete: 'email' } as const;
    case 'url':
      return { type: 'url', inputMode: 'url' } as const;
    case 'date':
      return { type: 'date' } as const;
    // A number input would refuse the decimal comma and hide what was typed from the check.
    case 'number':
      return { inputMode: 'decimal' } as const;
    default:
      return {};
  }
}
