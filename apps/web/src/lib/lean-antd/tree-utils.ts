/**
 * What Ant Design's Table takes from `@rc-component/tree` to select rows (the selection's keys, the
 * parents checked with their children), from the modules that define it. The package's index also holds
 * the Tree itself, which the bundler keeps (its modules are not marked free of side effects): ~10 KiB
 * compressed on every page with a selectable table. Pointed here by lean-antd-plugin.ts (issue 57, point 6).
 */
export { arrAdd, arrDel } from '@rc-component/tree/es/util';
export { conductCheck } from '@rc-component/tree/es/utils/conductUtil';
export { convertDataToEntities } from '@rc-component/tree/es/utils/treeUtil';
