import { describe, expect, it } from 'vitest';
import { parseEmails } from './parse-emails';

describe('parseEmails', () => {
  it('splits lines and commas, lowercases, deduplicates and reports invalid ones', () => {
    expect(parseEmails('Ann@Example.org, bob@example.org\n\n ann@example.org;nope\ncid@example')).toEqual({
      valid: ['ann@example.org', 'bob@example.org'],
      invalid: ['nope', 'cid@example'],
    });
    expect(parseEmails('  \n ,')).toEqual({ valid: [], invalid: [] });
  });
});
