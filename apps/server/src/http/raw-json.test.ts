import { describe, expect, it } from 'vitest';
import { RawJson, stringifyWithRaw } from './raw-json.ts';

describe('stringifyWithRaw', () => {
  it('writes each RawJson as its text, in place, and every other value as JSON.stringify does', () => {
    const value = {
      a: 'x "quoted" \u0000raw:0',
      list: [new RawJson('[{"id":1, "n": 2.50}]'), { b: new RawJson('{}') }],
      c: null,
    };
    expect(stringifyWithRaw(value)).toBe(
      '{"a":"x \\"quoted\\" \\u0000raw:0","list":[[{"id":1, "n": 2.50}],{"b":{}}],"c":null}',
    );
  });

  it('is JSON.stringify when no value is raw', () => {
    const value = { a: [1, 'two', { three: true }] };
    expect(stringifyWithRaw(value)).toBe(JSON.stringify(value));
  });
});
