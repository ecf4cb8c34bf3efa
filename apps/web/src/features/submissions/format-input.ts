import type { PublicQuestion } from '@shortlist/contract';

type TextQuestion = Extract<PublicQuestion, { resourcetype: 'text' }>;

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
