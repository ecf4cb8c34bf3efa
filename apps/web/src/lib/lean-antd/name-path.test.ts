import { toNamePathStr as antdToNamePathStr } from 'antd/es/form/hooks/useForm';
import { describe, expect, it } from 'vitest';
import { toNamePathStr } from './name-path';

// The radio group's default name must be the one Ant Design's form would give it, whatever the field's name.
describe('toNamePathStr', () => {
  it("names a field as Ant Design's form does", () => {
    for (const name of [undefined, 'decision', ['answers', 3, 'value'], 0, ['single']]) {
      expect(toNamePathStr(name), JSON.stringify(name)).toBe(antdToNamePathStr(name));
    }
    expect(toNamePathStr(['answers', 3, 'value'])).toBe('answers_3_value');
    expect(toNamePathStr(undefined)).toBe('');
  });
});
