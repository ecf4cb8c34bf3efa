import { describe, expect, it } from 'vitest';
import { batchesPerMonthMessage, batchSizeLimitMessage } from './emails.ts';

describe('package limit messages', () => {
  it('say one e-mail and one batch in the singular', () => {
    expect(batchSizeLimitMessage(1)).toBe('Your package allows at most 1 e-mail in a batch.');
    expect(batchSizeLimitMessage(500)).toBe('Your package allows at most 500 e-mails in a batch.');
    expect(batchesPerMonthMessage(1)).toBe("Your package allows 1 batch sent a month; this month's is used.");
    expect(batchesPerMonthMessage(10)).toBe(
      "Your package allows 10 batches sent a month; this month's are used.",
    );
  });
});
