import { describe, expect, it } from 'vitest';
import { formatBytes, joinTags, tagsOf } from './format';

describe('tags on the wire', () => {
  it('reads "a; b;A" as two tags and joins them back with semicolons', () => {
    expect(tagsOf(' a; b;A;; ')).toEqual(['a', 'b']);
    expect(joinTags([' space ', 'b2b'])).toBe('space;b2b');
  });

  it('formats sizes in the language’s units, the number kept with its unit', () => {
    expect(formatBytes(15, 'en')).toBe('15\u00a0B');
    expect(formatBytes(1024 * 1024, 'en')).toBe('1\u00a0MB');
    expect(formatBytes(1536, 'en')).toBe('1.5\u00a0KB');
    expect(formatBytes(1536, 'fr')).toBe('1,5\u00a0Ko');
    expect(formatBytes(1024 * 1024, 'fr-FR')).toBe('1\u00a0Mo');
  });
});
