import type FilterDropdown from 'antd/es/table/hooks/useFilter/FilterDropdown';
import type { ComponentProps } from 'react';
import { lazyStandIn } from './lazy-stand-in';

type ColumnFilter = { value: unknown; children?: ColumnFilter[] };

/**
 * Ant Design's Table imports its column filters' dropdown (a Tree, a Menu, a search Input, radios and
 * check boxes: ~14 KiB compressed) whether a column filters or not, and none of ours does. Pointed here by
 * lean-antd-plugin.ts, the dropdown loads when a table first draws a column with `filters` (its title
 * shown meanwhile), not with every table (issue 57, point 6).
 */
export default lazyStandIn<ComponentProps<typeof FilterDropdown>>(
  () => import('antd/es/table/hooks/useFilter/FilterDropdown'),
  (props) => props.children,
);

/** The filters' values, nested ones included: what the Table reads synchronously to filter its rows. */
export function flattenKeys(filters?: ColumnFilter[]): unknown[] {
  return (filters ?? []).flatMap(({ value, children }) => [value, ...flattenKeys(children)]);
}
