import type { TFunction } from 'i18next';
import { describe, expect, it } from 'vitest';
import { emailError } from './respondent-email';

/** The message keys stand for the texts. */
const t = ((key: string) => key) as unknown as TFunction<'submissions'>;

describe('emailError', () => {
  it('asks for the e-mail when it is empty or blank', () => {
    expect(emailError('', t)).toBe('emailRequired');
    expect(emailError('   ', t)).toBe('emailRequired');
  });

  it('refuses what is not an address, and takes an address with spaces around it', () => {
    expect(emailError('pas-un-email', t)).toBe('badEmail');
    expect(emailError('ada@', t)).toBe('badEmail');
    expect(emailError(' ada@farm.example.org ', t)).toBeNull();
  });
});
