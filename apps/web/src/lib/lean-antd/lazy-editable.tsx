import type Editable from 'antd/es/typography/Editable';
import { type ComponentProps, lazy, Suspense } from 'react';

type EditableProps = ComponentProps<typeof Editable>;

const LazyLoaded = lazy(() => import('antd/es/typography/Editable'));

/**
 * Ant Design's Typography, which every admin page draws, imports its Editable (a TextArea, and with it
 * Input and their styles: ~7 KiB compressed) for the one title edited in place (an item type's). Pointed
 * here by lean-antd-plugin.ts, it loads the first time a text is edited, not with every page (issue 28).
 */
export default function LazyEditable(props: EditableProps) {
  return (
    <Suspense fallback={null}>
      <LazyLoaded {...props} />
    </Suspense>
  );
}
