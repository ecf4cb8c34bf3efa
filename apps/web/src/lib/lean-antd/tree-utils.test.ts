// The package's ES modules, as the build bundles them (its main entry is CommonJS, other instances).
import * as treePackage from '@rc-component/tree/es/index';
import { describe, expect, it } from 'vitest';
import * as treeUtils from './tree-utils';

// The Table's row selection must get the package's own functions, not look-alikes.
describe('tree-utils', () => {
  it("exports the tree package's own selection functions", () => {
    expect(Object.keys(treeUtils).sort()).toEqual([
      'arrAdd',
      'arrDel',
      'conductCheck',
      'convertDataToEntities',
    ]);
    expect(treeUtils.arrAdd).toBe(treePackage.arrAdd);
    expect(treeUtils.arrDel).toBe(treePackage.arrDel);
    expect(treeUtils.conductCheck).toBe(treePackage.conductCheck);
    expect(treeUtils.convertDataToEntities).toBe(treePackage.convertDataToEntities);
  });
});
