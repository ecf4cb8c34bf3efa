import { Skeleton } from 'antd';
import { type ComponentType, lazy, Suspense } from 'react';

/**
 * A tab's or a panel's component whose module loads when it is first shown: a page downloads its first
 * tab, not all of them. A skeleton holds its place meanwhile.
 */
export function lazyPanel<P extends object>(load: () => Promise<ComponentType<P>>): ComponentType<P> {
  const Panel = lazy(async () => ({ default: await load() }));
  return function LazyPanel(props: P) {
    return (
      <Suspense fallback={<Skeleton active />}>
        <Panel {...props} />
      </Suspense>
    );
  };
}
