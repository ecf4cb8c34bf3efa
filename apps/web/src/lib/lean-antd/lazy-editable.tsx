import type Editable from 'antd/es/typography/Editable';
import type { ComponentProps } from 'react';
import { lazyStandIn } from './lazy-stand-in';

/**
 * Ant Design's Typography, which every admin page draws, imports its Editable (a TextArea, and with it
 * Input and their styles: ~7 KiB compressed) for the one title edited in place (an item type's). Pointed
 * here by lean-antd-plugin.ts, it loads the first time a text is edited, not with every page (issue 28).
 */
export default lazyStandIn<ComponentProps<typeof Editable>>(() => import('antd/es/typography/Editable'));
