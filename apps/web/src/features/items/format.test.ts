import { describe, expect, it } from 'vitest';
import { formatBytes, joinTags, tagsOf } from './format';

describe('tags on the wire', () => {
  it('reads "a; b;A" as two tags and joins them back with semicolons', () => {
    expect(tagsOf(' a; b;A;; ')).toEqual(['a', 'b']);
    expect(joinTags([' space ', 'b2b'])).toBe('space;b2b');
  });

  it('formats sizes', () => {
    expect(formatBytes(15)).toBe('15 B');
    expect(formatBytes(1024 * 1024)).toBe('1 MB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1536, 'fr')).toBe('1,5 KB');
  });
});
