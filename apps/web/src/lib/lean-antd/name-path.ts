import { toArray } from 'antd/es/form/util';

/**
 * A form field's name as one string, as Ant Design's `form/hooks/useForm.js` writes it: the radio group
 * takes this one function from there, and with it the whole form package and its validator (~13 KiB
 * compressed) into every page with a selectable table. Pointed here by lean-antd-plugin.ts (issue 57,
 * point 6); `name-path.test.ts` holds it to the original.
 */
export function toNamePathStr(name: Parameters<typeof toArray>[0]): string {
  return toArray(name).join('_');
}
