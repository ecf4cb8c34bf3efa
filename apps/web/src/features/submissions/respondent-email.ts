import { textFormatProblem } from '@shortlist/contract';
import type { TFunction } from 'i18next';

const EMAIL = { format: 'email', number_min: null, number_max: null } as const;

/** The page's words for the respondent's e-mail when it is missing or not an address (the contract's check). */
export function emailError(email: string, t: TFunction<'submissions'>): string | null {
  if (!email.trim()) return t('emailRequired');
  return textFormatProblem(EMAIL, email) ? t('badEmail') : null;
}
