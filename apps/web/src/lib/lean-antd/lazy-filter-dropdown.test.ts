import { flattenKeys as antdFlattenKeys } from 'antd/es/table/hooks/useFilter/FilterDropdown';
import { describe, expect, it } from 'vitest';
import { flattenKeys } from './lazy-filter-dropdown';

// A Table filters its rows by these keys before the dropdown is ever loaded: they must be Ant Design's.
describe('flattenKeys', () => {
  it("lists a column's filter values as Ant Design's Table does", () => {
    const filters = [
      { text: 'A', value: 'a' },
      {
        text: 'B',
        value: 2,
        children: [{ text: 'B1', value: 'b1', children: [{ text: 'x', value: true }] }],
      },
      { text: 'C', value: 'c', children: [] },
    ];
    expect(flattenKeys(filters)).toEqual(antdFlattenKeys(filters));
    expect(flattenKeys(filters)).toEqual(['a', 2, 'b1', true, 'c']);
    expect(flattenKeys(undefined)).toEqual(antdFlattenKeys(undefined as never));
  });
});
